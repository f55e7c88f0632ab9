import { Tabs } from '@mantine/core';
import { IconBuildingFactory2, IconTruck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompaniesPanel } from './companies-panel';
import { FleetsPanel } from './fleets-panel';

const TABS = ['fleets', 'companies'] as const;
type OperatorTab = (typeof TABS)[number];
const isTab = (value: string | null): value is OperatorTab => (TABS as readonly (string | null)[]).includes(value);

/** The operator area: fleets and installer companies, the open tab kept in the address (?tab=companies). */
export function OperatorArea() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: OperatorTab = isTab(requested) ? requested : 'fleets';

  const onTabChange = (value: string | null) => {
    if (!isTab(value) || value === tab) return;
    setSearchParams(value === 'fleets' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
      <Tabs.List aria-label={t('operator.tabs.label')} mb="lg">
        <Tabs.Tab value="fleets" leftSection={<IconTruck aria-hidden size={20} />} fz="md" mih={48} data-testid="operator-tab-fleets">
          {t('operator.tabs.fleets')}
        </Tabs.Tab>
        <Tabs.Tab value="companies" leftSection={<IconBuildingFactory2 aria-hidden size={20} />} fz="md" mih={48} data-testid="operator-tab-companies">
          {t('operator.tabs.companies')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="fleets">
        <FleetsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="companies">
        <CompaniesPanel />
      </Tabs.Panel>
    </Tabs>
  );
}

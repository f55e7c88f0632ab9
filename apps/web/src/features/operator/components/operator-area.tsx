import { IconBuildingFactory2, IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddressTabs } from '@/components/ui/address-tabs';
import { CompaniesPanel } from './companies-panel';
import { FleetsPanel } from './fleets-panel';

/** The operator area: fleets and installer companies, the open tab kept in the address (?tab=companies). */
export function OperatorArea() {
  const { t } = useTranslation();
  return (
    <AddressTabs
      label={t('operator.tabs.label')}
      tabs={[
        { value: 'fleets', label: t('operator.tabs.fleets'), icon: IconTruck, testId: 'operator-tab-fleets', panel: <FleetsPanel /> },
        { value: 'companies', label: t('operator.tabs.companies'), icon: IconBuildingFactory2, testId: 'operator-tab-companies', panel: <CompaniesPanel /> },
      ]}
    />
  );
}

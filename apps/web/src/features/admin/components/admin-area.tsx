import { Tabs } from '@mantine/core';
import { IconDatabase, IconHistory, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccessPanel } from './access-panel';
import { HistoryExportPanel } from './history-export-panel';
import { RegistryPanel } from './registry-panel';

const TABS = ['registry', 'access', 'history'] as const;
type AdminTab = (typeof TABS)[number];
const isTab = (value: string | null): value is AdminTab => (TABS as readonly (string | null)[]).includes(value);

type AdminAreaProps = {
  fleet: string;
  currentUserId: string | null;
  /** Reload the user's role in the fleet (after a 403 or 404 of the admin API). */
  onRetryAccess: () => void;
};

/** The fleet admin area: product registry, access and the history export, the open tab kept in the address (?tab=access). */
export function AdminArea({ fleet, currentUserId, onRetryAccess }: AdminAreaProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'registry';

  const onTabChange = (value: string | null) => {
    if (!isTab(value) || value === tab) return;
    setSearchParams(value === 'registry' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
      <Tabs.List aria-label={t('admin.tabs.label')} mb="lg">
        <Tabs.Tab value="registry" leftSection={<IconDatabase aria-hidden size={20} />} fz="md" mih={48} data-testid="admin-tab-registry">
          {t('admin.tabs.registry')}
        </Tabs.Tab>
        <Tabs.Tab value="access" leftSection={<IconUsers aria-hidden size={20} />} fz="md" mih={48} data-testid="admin-tab-access">
          {t('admin.tabs.access')}
        </Tabs.Tab>
        <Tabs.Tab value="history" leftSection={<IconHistory aria-hidden size={20} />} fz="md" mih={48} data-testid="admin-tab-history">
          {t('history.title')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="registry">
        <RegistryPanel fleet={fleet} onRetryAccess={onRetryAccess} />
      </Tabs.Panel>
      <Tabs.Panel value="access">
        <AccessPanel fleet={fleet} currentUserId={currentUserId} onRetryAccess={onRetryAccess} />
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <HistoryExportPanel fleet={fleet} />
      </Tabs.Panel>
    </Tabs>
  );
}

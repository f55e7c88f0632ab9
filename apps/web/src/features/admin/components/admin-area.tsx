import { IconDatabase, IconHistory, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { AddressTabs } from '@/components/ui/address-tabs';
import { AccessPanel } from './access-panel';
import { HistoryExportPanel } from './history-export-panel';
import { RegistryPanel } from './registry-panel';

type AdminAreaProps = {
  fleet: string;
  currentUserId: string | null;
  /** Reload the user's role in the fleet (after a 403 or 404 of the admin API). */
  onRetryAccess: () => void;
};

/** The fleet admin area: product registry, access and the history export, the open tab kept in the address (?tab=access). */
export function AdminArea({ fleet, currentUserId, onRetryAccess }: AdminAreaProps) {
  const { t } = useTranslation();
  return (
    <AddressTabs
      label={t('admin.tabs.label')}
      tabs={[
        { value: 'registry', label: t('admin.tabs.registry'), icon: IconDatabase, testId: 'admin-tab-registry', panel: <RegistryPanel fleet={fleet} onRetryAccess={onRetryAccess} /> },
        {
          value: 'access',
          label: t('admin.tabs.access'),
          icon: IconUsers,
          testId: 'admin-tab-access',
          panel: <AccessPanel fleet={fleet} currentUserId={currentUserId} onRetryAccess={onRetryAccess} />,
        },
        { value: 'history', label: t('history.title'), icon: IconHistory, testId: 'admin-tab-history', panel: <HistoryExportPanel fleet={fleet} /> },
      ]}
    />
  );
}

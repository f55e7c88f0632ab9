import { useTranslation } from '@/lib/i18n';
import { PageSection } from '@/components/ui/page-section';
import { AccessDenied } from '@/components/ui/access-denied';
import { AdminArea } from '@/features/admin/components/admin-area';
import { useMe } from '@/features/fleet/api/get-me';
import { useCurrentFleet } from './fleet-context';

/** Only the fleet's admins get in; the API answers 403 (installers) or 404 (others) to everyone else. */
export function AdminRoute() {
  const { t } = useTranslation();
  const { fleet, refetch, isRefetching } = useCurrentFleet();
  const me = useMe();
  if (fleet.role !== 'admin') return <AccessDenied onRetry={refetch} isRetrying={isRefetching} />;
  return (
    <PageSection title={t('admin.title')} subtitle={fleet.name}>
      <AdminArea fleet={fleet.slug} currentUserId={me.data?.id ?? null} onRetryAccess={refetch} />
    </PageSection>
  );
}

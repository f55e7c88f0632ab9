import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('admin.title')}</Title>
        <Text c="dimmed">{fleet.name}</Text>
      </div>
      <AdminArea fleet={fleet.slug} currentUserId={me.data?.id ?? null} onRetryAccess={refetch} />
    </Stack>
  );
}

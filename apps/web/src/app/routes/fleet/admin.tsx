import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '@/components/ui/access-denied';
import { useCurrentFleet } from './fleet-context';

export function AdminRoute() {
  const { t } = useTranslation();
  const { fleet, refetch, isRefetching } = useCurrentFleet();
  if (fleet.role !== 'admin') return <AccessDenied onRetry={refetch} isRetrying={isRefetching} />;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('admin.title')}</Title>
      <Paper withBorder radius="md" p="xl">
        <Text>{t('admin.text', { fleet: fleet.name })}</Text>
      </Paper>
    </Stack>
  );
}

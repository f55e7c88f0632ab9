import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InstallationsList } from '@/features/installations/components/installations-list';
import { useCurrentFleet } from './fleet-context';

export function InstallationsRoute() {
  const { t } = useTranslation();
  const { fleet } = useCurrentFleet();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('solar.installations.title')}</Title>
        <Text c="dimmed">{fleet.name}</Text>
      </div>
      <InstallationsList fleet={fleet.slug} />
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InstallationsTable } from '@/features/installations/components/installations-table';
import { NewInstallationBox } from '@/features/installations/components/new-installation-box';
import { useCurrentFleet } from './fleet-context';

export function FleetHomeRoute() {
  const { t } = useTranslation();
  const { fleet } = useCurrentFleet();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.title')}</Title>
        <Text c="dimmed">{fleet.name}</Text>
      </div>
      <NewInstallationBox />
      <section aria-labelledby="home-installations">
        <Title order={2} size="h3" id="home-installations" mb="sm">
          {t('solar.installations.title')}
        </Title>
        <InstallationsTable rows={[]} />
      </section>
    </Stack>
  );
}

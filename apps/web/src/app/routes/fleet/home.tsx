import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NewInstallationBox } from '@/features/installations/components/new-installation-box';
import { RecentInstallations } from '@/features/installations/components/recent-installations';
import { useCurrentFleet } from './fleet-context';

export function FleetHomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fleet } = useCurrentFleet();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.title')}</Title>
        <Text c="dimmed">{fleet.name}</Text>
      </div>
      <NewInstallationBox onAdd={() => navigate(`/${fleet.slug}/installations/new`)} />
      <RecentInstallations fleet={fleet.slug} />
    </Stack>
  );
}

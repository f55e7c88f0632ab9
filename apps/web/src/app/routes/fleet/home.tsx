import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { useInstallations } from '@/features/installations/api/get-installations';
import { NewInstallationBox } from '@/features/installations/components/new-installation-box';
import { RECENT_INSTALLATIONS, RecentInstallations } from '@/features/installations/components/recent-installations';
import { useCurrentFleet } from './fleet-context';

export function FleetHomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fleet } = useCurrentFleet();
  const list = useInstallations(fleet.slug, RECENT_INSTALLATIONS);
  // The first page of the list is on its way since boot: the home shows whole, with its rows, instead
  // of a skeleton the rows would resize. Offline (the request waits) it shows at once.
  if (list.isPending && list.fetchStatus === 'fetching') return <PageLoader />;
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

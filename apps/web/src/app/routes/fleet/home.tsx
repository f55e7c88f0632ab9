import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RECENT_INSTALLATIONS } from '@portal/domain/installation-list';
import { PageSection } from '@/components/ui/page-section';
import { PageLoader } from '@/components/ui/page-loader';
import { useInstallations } from '@/features/installations/api/get-installations';
import { NewInstallationBox } from '@/features/installations/components/new-installation-box';
import { RecentInstallations } from '@/features/installations/components/recent-installations';
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
    <PageSection title={t('home.title')} subtitle={fleet.name}>
      <NewInstallationBox onAdd={() => navigate(`/${fleet.slug}/installations/new`)} />
      <RecentInstallations fleet={fleet.slug} />
    </PageSection>
  );
}

import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { RECENT_INSTALLATIONS } from '@portal/domain/installation-list';
import { PageSection } from '@/components/ui/page-section';
import { PageLoader } from '@/components/ui/page-loader';
import { useInstallations } from '@/features/installations/api/get-installations';
import { NewInstallationBox } from '@/features/installations/components/new-installation-box';
import { RecentInstallations } from '@/features/installations/components/recent-installations';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useRefusals } from '@/features/installation-wizard/hooks/use-refusals';
import { useWaitingItems } from '@/features/installation-wizard/hooks/use-waiting-items';
import { localInstallationIds } from '@/features/installation-wizard/lib/offline-create';
import { deferredPart } from '@/lib/deferred-part';
import { withTexts } from '@/lib/i18n-lazy';
import { useCurrentFleet } from './fleet-context';

// Shown only while an installation started offline waits on this device: most visits never load it.
const deviceInstallations = deferredPart(() =>
  withTexts('wizard', () => import('@/features/installation-wizard/components/device-installations')).then((m) => m.DeviceInstallations),
);

/** The installations started on this device that the server does not know yet (see DeviceInstallations). */
function StartedOnDevice({ fleet }: { fleet: string }) {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const { changes, isRead } = useWaitingItems(userId);
  const refusals = useRefusals(userId);
  if (!userId || !isRead || localInstallationIds(changes, fleet, refusals).length === 0) return null;
  return <deviceInstallations.Component fleet={fleet} userId={userId} changes={changes} refusals={refusals} />;
}

export function FleetHomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fleet } = useCurrentFleet();
  const list = useInstallations(fleet.slug, RECENT_INSTALLATIONS);
  // The first page of the list is on its way since boot: the home shows whole, with its rows, instead
  // of a skeleton the rows would resize. Offline (the request waits) it shows at once, and so it does
  // once the first answer failed: the list then says so in place, with its retry. Once shown, it stays:
  // the list asking again (its retry, or a failed query asked anew) must not take the page away.
  const isFirstAnswerComing = list.isPending && list.fetchStatus === 'fetching' && list.failureCount === 0;
  const [isShown, setIsShown] = useState(!isFirstAnswerComing);
  if (!isShown && !isFirstAnswerComing) setIsShown(true);
  // The answer arrives as an urgent update; the page it fills is built in a deferred render that yields
  // to taps every few milliseconds, while the loader stays for those few frames.
  const isBuilt = useDeferredValue(isShown);
  if (!isBuilt) return <PageLoader />;
  return (
    <PageSection title={t('home.title')} subtitle={fleet.name}>
      <NewInstallationBox onAdd={() => navigate(`/${fleet.slug}/installations/new`)} />
      <StartedOnDevice fleet={fleet.slug} />
      <RecentInstallations fleet={fleet.slug} />
    </PageSection>
  );
}

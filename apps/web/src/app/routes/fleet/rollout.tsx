import { useTranslation } from '@/lib/i18n';
import { PageSection } from '@/components/ui/page-section';
import { RolloutPage } from '@/features/rollout/components/rollout-page';
import { useCurrentFleet } from './fleet-context';

/** #/:fleet/rollout: the fleet's admins see the whole rollout, its installers their company's share. */
export function RolloutRoute() {
  const { t } = useTranslation();
  const { fleet } = useCurrentFleet();
  return (
    <PageSection title={t('rollout.title')} subtitle={fleet.name}>
      <RolloutPage slug={fleet.slug} source="fleet" isAdmin={fleet.role === 'admin'} />
    </PageSection>
  );
}

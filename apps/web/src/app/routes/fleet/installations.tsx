import { useTranslation } from '@/lib/i18n';
import { PageSection } from '@/components/ui/page-section';
import { InstallationsList } from '@/features/installations/components/installations-list';
import { useCurrentFleet } from './fleet-context';

export function InstallationsRoute() {
  const { t } = useTranslation();
  const { fleet } = useCurrentFleet();
  return (
    <PageSection title={t('solar.installations.title')} subtitle={fleet.name}>
      <InstallationsList fleet={fleet.slug} />
    </PageSection>
  );
}

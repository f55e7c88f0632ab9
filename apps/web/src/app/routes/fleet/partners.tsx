import { useTranslation } from '@/lib/i18n';
import { PageSection } from '@/components/ui/page-section';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { useAuthConfig } from '@/features/auth/api/use-auth-config';
import { useMe } from '@/features/fleet/api/get-me';
import { PartnersList } from '@/features/partners/components/partners-list';
import { useCurrentFleet } from './fleet-context';

/** Partners belong to the installer's company, not to the fleet: the same list in every fleet. */
export function PartnersRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const config = useAuthConfig();
  const { fleet } = useCurrentFleet();
  const company = me.data?.company;
  // An account in no company is told who can link it: the fleet's admins or the portal operator.
  const helpContacts = { admins: fleet.admins, operatorEmail: config.data?.supportEmail || SUPPORT_EMAIL };
  return (
    <PageSection title={t('partners.title')} subtitle={company?.name}>
      <PartnersList hasCompany={me.data ? company !== null : true} helpContacts={helpContacts} />
    </PageSection>
  );
}

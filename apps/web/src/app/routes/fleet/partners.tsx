import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('partners.title')}</Title>
        {company && <Text c="dimmed">{company.name}</Text>}
      </div>
      <PartnersList hasCompany={me.data ? company !== null : true} helpContacts={helpContacts} />
    </Stack>
  );
}

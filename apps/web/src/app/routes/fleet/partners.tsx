import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/features/fleet/api/get-me';
import { PartnersList } from '@/features/partners/components/partners-list';

/** Partners belong to the installer's company, not to the fleet: the same list in every fleet. */
export function PartnersRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const company = me.data?.company;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('partners.title')}</Title>
        {company && <Text c="dimmed">{company.name}</Text>}
      </div>
      <PartnersList hasCompany={me.data ? company !== null : true} />
    </Stack>
  );
}

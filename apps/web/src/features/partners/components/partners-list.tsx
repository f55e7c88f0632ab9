import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { Partner } from '@portal/domain/partner';
import { QueryContent } from '@/components/ui/load-error';
import { usePartners } from '../api/get-partners';
import { useDialog } from '@/lib/use-dialog';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { DeletePartnerDialog } from './delete-partner-dialog';
import { PartnerFormModal } from './partner-form-modal';
import { PartnersView } from './partners-view';
import { MailLink } from '@/components/ui/mail-link';

type PartnersListProps = {
  /** Partners belong to the installer company; an account without one can only read an empty list. */
  hasCompany: boolean;
  /** Who can link an account to a company: the fleet's admins and the portal operator's address. */
  helpContacts?: { admins: readonly { name: string; email: string }[]; operatorEmail: string };
};

/** The partners screen: the company's partners with add, edit and delete. */
export function PartnersList({ hasCompany, helpContacts }: PartnersListProps) {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const partners = usePartners();
  const form = useDialog<Partner>();
  const deleting = useDialog<Partner>();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw={640}>{t('partners.intro')}</Text>
        <Button leftSection={<IconPlus aria-hidden />} onClick={() => form.open(null)} disabled={!hasCompany} fullWidth={isNarrow} data-testid="partner-add">
          {t('partners.add')}
        </Button>
      </Group>

      {!hasCompany && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('partners.errors.noCompanyTitle')} data-testid="partners-no-company">
          <Text size="sm">{t('partners.errors.noCompany')}</Text>
          {helpContacts && (
            <List size="sm" mt="xs" data-testid="partners-no-company-contacts">
              {helpContacts.admins.map((admin) => (
                <List.Item key={admin.email}>
                  {t('partners.errors.fleetAdmin', { name: admin.name })}: <MailLink email={admin.email} />
                </List.Item>
              ))}
              <List.Item>
                {t('partners.errors.operator')}: <MailLink email={helpContacts.operatorEmail} />
              </List.Item>
            </List>
          )}
        </Alert>
      )}

      <QueryContent query={partners}>
        <PartnersView partners={partners.data ?? []} isLoading={partners.isPending} isNarrow={isNarrow} canEdit={hasCompany} onEdit={form.open} onDelete={deleting.open} />
      </QueryContent>

      <PartnerFormModal key={form.key} opened={form.opened} partner={form.item} onClose={form.close} />
      <DeletePartnerDialog dialog={deleting} />
    </Stack>
  );
}

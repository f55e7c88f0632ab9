import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { useAuthConfig } from '@/features/auth/api/use-auth-config';
import { MailLink } from '@/components/ui/mail-link';

const STEPS = ['preInstallation', 'general', 'customer', 'vehicle', 'system', 'setup', 'uploads', 'digitalCheck', 'summary'] as const;

export function DocsRoute() {
  const { t } = useTranslation();
  const supportEmail = useAuthConfig().data?.supportEmail || SUPPORT_EMAIL;
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>{t('docs.title')}</Title>
      <Text>{t('docs.intro')}</Text>
      <section>
        <Title order={2} size="h3" mb="sm">
          {t('docs.stepsTitle')}
        </Title>
        <List type="ordered" spacing="sm">
          {STEPS.map((step) => (
            <List.Item key={step}>
              <Text span fw={600}>
                {t(`solar.installation.tabs.${step}`)}:
              </Text>{' '}
              {t(`docs.steps.${step}`)}
            </List.Item>
          ))}
        </List>
      </section>
      <section>
        <Title order={2} size="h3" mb="sm">
          {t('docs.saveTitle')}
        </Title>
        <Text>{t('docs.save')}</Text>
      </section>
      <section>
        <Title order={2} size="h3" mb="sm">
          {t('docs.supportTitle')}
        </Title>
        <Text>
          {t('docs.support')} <MailLink email={supportEmail} />
        </Text>
      </section>
    </Stack>
  );
}

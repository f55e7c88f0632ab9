import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { MailLink } from '@/components/ui/mail-link';

export function NoFleetCard({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl" data-testid="no-fleet">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconMoodEmpty size={30} />
        </ThemeIcon>
        <Title order={2}>{t('fleet.noFleet.title')}</Title>
        <Text>{t('fleet.noFleet.text')}</Text>
        <MailLink email={supportEmail} />
      </Stack>
    </Card>
  );
}

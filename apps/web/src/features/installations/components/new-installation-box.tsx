import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

type NewInstallationBoxProps = {
  /** Opens the form for a new installation; without it the button stays disabled and says why. */
  onAdd?: () => void;
};

export function NewInstallationBox({ onAdd }: NewInstallationBoxProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('home.newInstallationTitle')}
        </Title>
        <Text>{t('home.newInstallationText')}</Text>
        <Button
          leftSection={<IconPlus aria-hidden />}
          onClick={onAdd}
          disabled={!onAdd}
          mt="xs"
          maw="100%"
          // Long labels (German) wrap on phones instead of running out of the box.
          styles={{ root: { height: 'auto', minHeight: 50, paddingBlock: 8 }, label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3 } }}
        >
          {t('home.addInstallation')}
        </Button>
        {!onAdd && (
          <Text size="sm" c="dimmed">
            {t('home.addInstallationUnavailable')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

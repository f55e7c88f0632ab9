import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type NewInstallationBoxProps = {
  /** Where 'Add new installation' leads; until the wizard exists the button stays disabled. */
  onAdd?: () => void;
};

export function NewInstallationBox({ onAdd }: NewInstallationBoxProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('home.newInstallationTitle')}
        </Title>
        <Text>{t('home.newInstallationText')}</Text>
        <Button leftSection={<IconPlus aria-hidden />} onClick={onAdd} disabled={!onAdd} mt="xs">
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

import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type LoadErrorProps = { onRetry: () => void; isRetrying?: boolean };

/** SPEC §8 'Error loading data': shown in place of a screen whose data could not be loaded. */
export function LoadError({ onRetry, isRetrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('errors.loadingData.title')} icon={<IconAlertTriangle />} maw={640} mx="auto" mt="xl">
      <Stack gap="md" align="flex-start">
        <Text>{t('errors.loadingData.text')}</Text>
        <Button onClick={onRetry} loading={isRetrying} variant="light" color="red">
          {t('errors.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

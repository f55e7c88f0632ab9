import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Last resort when a screen crashes or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" p="md">
      <Alert color="red" variant="light" title={t('errors.loadingData.title')} maw={560} role="alert">
        <Stack gap="md" align="flex-start">
          <Text>{t('errors.loadingData.text')}</Text>
          <Button color="red" variant="light" onClick={() => window.location.reload()}>
            {t('errors.retry')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

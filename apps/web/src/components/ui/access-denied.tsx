import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type AccessDeniedProps = { onRetry: () => void; isRetrying?: boolean };

export function AccessDenied({ onRetry, isRetrying = false }: AccessDeniedProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl" data-testid="access-denied" role="alert">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={2}>{t('fleet.accessDenied.title')}</Title>
        <Text>{t('fleet.accessDenied.text')}</Text>
        <Button onClick={onRetry} loading={isRetrying}>
          {t('fleet.accessDenied.retry')}
        </Button>
      </Stack>
    </Card>
  );
}

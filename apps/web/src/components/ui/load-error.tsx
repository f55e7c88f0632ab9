import type { ReactNode } from 'react';
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

type QueryContentProps = {
  query: { isError: boolean; data: unknown; isFetching: boolean; refetch: () => unknown };
  children: ReactNode;
};

/** What a query shows, or the LoadError in its place when it failed with nothing to show. */
export function QueryContent({ query, children }: QueryContentProps) {
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  return children;
}

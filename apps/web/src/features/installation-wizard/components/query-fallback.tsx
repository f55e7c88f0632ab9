import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type QueryFallbackProps = {
  /** A query whose data is not there (yet). */
  query: { isPending: boolean; isFetching: boolean; error: Error | null; refetch: () => Promise<unknown> };
  /** Where the tab's texts are: `<texts>.loading`, `.loadError` and `.retry`. */
  texts: 'wizard.digitalCheck' | 'wizard.summary';
  /** Prefix of the test ids: `<testId>-loading`, `<testId>-error`. */
  testId: string;
};

/** What a tab shows in place of data it is still reading, or could not read (with a retry). */
export function QueryFallback({ query, texts, testId }: QueryFallbackProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Group gap="sm" py="xl" justify="center" data-testid={`${testId}-loading`}>
        <Loader aria-hidden />
        <Text>{t(`${texts}.loading`)}</Text>
      </Group>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t(`${texts}.loadError`)} role="alert" data-testid={`${testId}-error`}>
      <Stack gap="sm" align="flex-start">
        {query.error && <Text size="sm">{query.error.message}</Text>}
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t(`${texts}.retry`)}
        </Button>
      </Stack>
    </Alert>
  );
}

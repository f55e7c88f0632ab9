import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { useIsOnline } from '@/lib/use-is-online';

type QueryFallbackProps = {
  /** A query whose data is not there (yet). */
  query: { isPending: boolean; isFetching: boolean; error: Error | null; refetch: () => Promise<unknown> };
  /** Where the tab's texts are: `<texts>.loading`, `.loadError`, `.retry` and `.offline`. */
  texts: 'wizard.digitalCheck' | 'wizard.summary';
  /** Prefix of the test ids: `<testId>-loading`, `<testId>-error`. */
  testId: string;
};

/** What a tab shows in place of data it is still reading, or could not read (with a retry). */
export function QueryFallback({ query, texts, testId }: QueryFallbackProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  // Offline the read waits (paused) and goes by itself once the connection is back: it says so, not 'loading' for ever.
  if (!isOnline) {
    return (
      <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} role="status" data-testid={`${testId}-offline`}>
        <Text size="sm" c={WARNING_TEXT_COLOR}>
          {t(`${texts}.offline`)}
        </Text>
      </Alert>
    );
  }
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

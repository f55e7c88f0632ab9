import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useIsOnline } from '@/lib/use-is-online';
import { Notice } from './notice';
import classes from './notice.module.css';

type LoadErrorProps = { onRetry: () => void; isRetrying?: boolean };

/**
 * SPEC §8 'Error loading data': shown in place of a screen whose data could not be loaded. Offline it
 * says what happened instead: the screen was never loaded on this device, and it opens by itself
 * once the connection is back.
 */
export function LoadError({ onRetry, isRetrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  if (!isOnline) {
    return (
      <Notice tone="warning" icon={<IconAlertTriangle aria-hidden />} title={t('errors.notOnDevice.title')} role="status" className={classes.inPage}>
        <p>{t('errors.notOnDevice.text')}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="danger" icon={<IconAlertTriangle aria-hidden />} title={t('errors.loadingData.title')} role="alert" className={classes.inPage}>
      <p>{t('errors.loadingData.text')}</p>
      <Button onClick={onRetry} loading={isRetrying} variant="white" color="red">
        {t('errors.retry')}
      </Button>
    </Notice>
  );
}

type QueryContentProps = {
  query: { isError: boolean; data: unknown; isFetching: boolean; refetch: () => unknown };
  children: ReactNode;
};

/** A read with nothing to show that waits for the network (paused while offline). */
export const isWaitingForNetwork = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === 'paused';

/** What a query shows, or the LoadError in its place when it failed with nothing to show. */
export function QueryContent({ query, children }: QueryContentProps) {
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  return children;
}

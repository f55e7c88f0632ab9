import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Notice } from './notice';
import classes from './notice.module.css';

type LoadErrorProps = { onRetry: () => void; isRetrying?: boolean };

/** SPEC §8 'Error loading data': shown in place of a screen whose data could not be loaded. */
export function LoadError({ onRetry, isRetrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
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

/** What a query shows, or the LoadError in its place when it failed with nothing to show. */
export function QueryContent({ query, children }: QueryContentProps) {
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  return children;
}

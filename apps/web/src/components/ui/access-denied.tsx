import { Button, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import classes from './access-denied.module.css';

type AccessDeniedProps = { onRetry: () => void; isRetrying?: boolean };

/** In place of a screen the user may not open, with a way to ask again once access has been given. */
export function AccessDenied({ onRetry, isRetrying = false }: AccessDeniedProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.card} data-testid="access-denied" role="alert">
      <span className={classes.icon} aria-hidden>
        <IconLock size={30} />
      </span>
      <Title order={2}>{t('fleet.accessDenied.title')}</Title>
      <p>{t('fleet.accessDenied.text')}</p>
      <Button onClick={onRetry} loading={isRetrying}>
        {t('fleet.accessDenied.retry')}
      </Button>
    </div>
  );
}

import { Button, Center } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Notice } from '@/components/ui/notice';
import notice from '@/components/ui/notice.module.css';

/** Last resort when a screen crashes or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" p="md">
      <Notice tone="danger" icon={<IconAlertTriangle aria-hidden />} title={t('errors.loadingData.title')} role="alert" className={notice.narrow}>
        <p>{t('errors.loadingData.text')}</p>
        <Button color="red" variant="white" onClick={() => window.location.reload()}>
          {t('errors.retry')}
        </Button>
      </Notice>
    </Center>
  );
}

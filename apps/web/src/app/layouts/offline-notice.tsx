import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Notice } from '@/components/ui/notice';
import notice from '@/components/ui/notice.module.css';
import { useIsOnline } from '@/lib/use-is-online';

/** Above every signed-in page while the device is offline: what is shown is the last copy this device loaded. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useIsOnline();
  if (online) return null;
  return (
    <Notice tone="warning" icon={<IconWifiOff aria-hidden />} title={t('nav.offline.title')} className={notice.abovePage} role="alert" data-testid="app-offline-notice">
      <p>{t('nav.offline.text')}</p>
    </Notice>
  );
}

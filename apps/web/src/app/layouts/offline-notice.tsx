import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { useIsOnline } from '@/lib/use-is-online';

/** Above every signed-in page while the device is offline: what is shown is the last copy this device loaded. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useIsOnline();
  if (online) return null;
  return (
    <Alert color="orange" variant="light" c={WARNING_TEXT_COLOR} icon={<IconWifiOff aria-hidden />} title={t('nav.offline.title')} mb="md" data-testid="app-offline-notice">
      {t('nav.offline.text')}
    </Alert>
  );
}

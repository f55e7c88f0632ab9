import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Above every signed-in page while the device is offline: what is shown is the last copy this device loaded. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} title={t('nav.offline.title')} mb="md" data-testid="offline-notice">
      {t('nav.offline.text')}
    </Alert>
  );
}

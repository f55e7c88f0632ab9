import { Badge } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { usePendingSaveCount } from '../hooks/use-pending-save-count';

export type ConnectionStatus = { isOnline: boolean; waiting: number; isShown: boolean };

/** Whether the device is offline and how many saves wait on it for the portal. */
export function useConnectionStatus(userId: string | null): ConnectionStatus {
  const { online } = useNetwork();
  const waiting = usePendingSaveCount(userId);
  return { isOnline: online, waiting, isShown: !online || waiting > 0 };
}

/**
 * 'Offline · 2 changes waiting' in the header, on every screen, so the installer sees it wherever
 * they scrolled; it stays until every waiting save has been sent.
 */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  if (!status.isShown) return null;
  const parts = [
    ...(status.isOnline ? [] : [t('wizard.offline.badge.offline')]),
    ...(status.waiting > 0 ? [t('wizard.offline.badge.waiting', { count: status.waiting })] : []),
  ];
  const Icon = status.isOnline ? IconCloudUpload : IconWifiOff;
  return (
    <Badge
      role="status"
      variant="light"
      color="orange"
      c={WARNING_TEXT_COLOR}
      size="lg"
      radius="sm"
      tt="none"
      fw={600}
      miw={0}
      leftSection={<Icon size={18} aria-hidden />}
      // Two lines on a phone rather than a cut-off word.
      styles={{ root: { height: 'auto', minHeight: 32, paddingBlock: 4, maxWidth: '100%' }, label: { whiteSpace: 'normal', lineHeight: 1.25, overflow: 'visible' } }}
      data-testid="connection-badge"
    >
      {parts.join(' · ')}
    </Badge>
  );
}

import { useState } from 'react';
import { Badge, Popover, UnstyledButton } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import type { ConnectionStatus } from '../hooks/use-connection-status';
import { WaitingList } from './waiting-list';

/**
 * 'Offline · 3 photos, 1 change waiting' in the header, on every screen, so the installer sees it
 * wherever they scrolled; it stays until everything waiting has been sent. Pressed, it lists each
 * waiting item, and any one can be removed or opened.
 */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  if (!status.isShown) return null;
  const counts = [
    ...(status.photos > 0 ? [t('wizard.offline.badge.photos', { count: status.photos })] : []),
    ...(status.documents > 0 ? [t('wizard.offline.badge.documents', { count: status.documents })] : []),
    ...(status.changes > 0 ? [t('wizard.offline.badge.changes', { count: status.changes })] : []),
  ];
  const total = status.photos + status.documents + status.changes;
  const parts = [
    ...(status.isOnline ? [] : [t('wizard.offline.badge.offline')]),
    ...(total > 0 ? [t('wizard.offline.badge.waiting', { count: total, items: counts.join(', ') })] : []),
  ];
  const Icon = status.isOnline ? IconCloudUpload : IconWifiOff;
  return (
    <Popover width={360} position="bottom-start" shadow="md" withArrow trapFocus returnFocus opened={isOpen} onChange={setOpen}>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpen((open) => !open)}
          aria-haspopup="dialog"
          aria-label={t('wizard.offline.list.open', { status: parts.join(' · ') })}
          style={{ minWidth: 44, minHeight: 44, maxWidth: '100%' }}
        >
          <Badge
            role="status"
            component="span"
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
            styles={{ root: { height: 'auto', minHeight: 44, paddingBlock: 4, maxWidth: '100%', cursor: 'pointer' }, label: { whiteSpace: 'normal', lineHeight: 1.25, overflow: 'visible' } }}
            data-testid="connection-badge"
          >
            {parts.join(' · ')}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)">
        <WaitingList items={status.items} onLeave={() => setOpen(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

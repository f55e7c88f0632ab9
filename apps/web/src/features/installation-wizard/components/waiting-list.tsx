import { useEffect, useState, type MouseEvent } from 'react';
import { ActionIcon, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Installation } from '@portal/domain/installation';
import { useTranslation } from '@/lib/i18n';
import { guardLinkClick } from '@/lib/leave-guard';
import { installationKeys } from '@/lib/query-keys';
import { useFormatNumber } from '@/lib/format-number';
import { useIsOnline } from '@/lib/use-is-online';
import { deletePendingSave } from '../lib/draft-storage';
import { forgetFile, storageSpace, subscribeFiles, type StorageSpace, type StoredFile } from '../lib/file-queue';
import { fileProblemMessage, slotKey } from '../lib/upload-file';
import { isPhoto, type WaitingChange, type WaitingItems } from '../hooks/use-waiting-items';
import { useUploadQueueStore } from '../stores/upload-queue-store';
import { useUploadsStore } from '../stores/uploads-store';
import { isLocalInstallationId } from '../lib/offline-create';
import { useWizardStore } from '../stores/wizard-store';
import { FileSendProgress, QueueProgress } from './upload-progress';

const MB = 1024 * 1024;

/** The space the browser still grants, once at opening and after each change of the queue. */
function useStorageSpace(): StorageSpace | null {
  const [space, setSpace] = useState<StorageSpace | null>(null);
  useEffect(() => {
    let isActive = true;
    const refresh = () => void storageSpace().then((next) => isActive && setSpace(next));
    refresh();
    const stop = subscribeFiles(refresh);
    return () => {
      isActive = false;
      stop();
    };
  }, []);
  return space;
}

function removeFile(file: StoredFile) {
  void forgetFile(file);
  const { drafts, update } = useUploadsStore.getState();
  if (drafts[file.installationId]) update(file.installationId, (d) => ({ ...d, pending: d.pending.filter((p) => p.key !== file.key) }));
}

function removeChange(change: WaitingChange) {
  // The entries stay on the tab as a draft; only the automatic sending is called off.
  void deletePendingSave(change.key);
  useWizardStore.getState().setNotice(change.key, null);
}

/** Where a waiting save was made: its installation's tab. */
const changePath = (change: WaitingChange) =>
  change.installation === 'new' ? `/${change.fleet}/installations/new` : `/${change.fleet}/installations/${change.installation}?tab=${change.tab}`;

/**
 * Each save and file that waits on this device, what happens to it, and a way to remove it. A save
 * leads back to the tab it was made on (`onLeave` hears of it, to close what shows the list).
 */
export function WaitingList({ items, onLeave }: { items: WaitingItems; onLeave?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const space = useStorageSpace();
  const formatNumber = useFormatNumber();
  const sendingKey = useUploadQueueStore((state) => state.sendingKey);
  const retryAt = useUploadQueueStore((state) => state.retryAt);
  const isOnline = useIsOnline();
  const isEmpty = items.changes.length === 0 && items.files.length === 0;
  const installationName = (installation: WaitingChange['installation']) => {
    if (installation === 'new') return t('wizard.offline.list.newInstallation');
    // The device's copy names it; one started offline has no number of the server yet.
    const name = queryClient.getQueryData<Installation>(installationKeys.detail(installation))?.name;
    if (name) return name;
    return isLocalInstallationId(installation) ? t('wizard.offline.list.newInstallation') : t('wizard.offline.list.installation', { id: installation });
  };

  const fileStatus = (file: StoredFile) => {
    if (file.problem) return fileProblemMessage(t, file.problem);
    if (file.key === sendingKey) return t('wizard.offline.list.sending');
    if (retryAt !== null) return t('wizard.offline.list.retryAt', { time: new Date(retryAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) });
    return t(isOnline ? 'wizard.uploads.queuedOnline' : 'wizard.uploads.queued');
  };
  const inQueue = items.files.flatMap((file) => (file.problem === null ? [{ key: file.key, name: file.name, size: file.blob.size }] : []));

  return (
    <Stack gap="sm" data-testid="waiting-list">
      <div>
        <Text fw={700}>{t('wizard.offline.list.title')}</Text>
        <Text size="sm" c="dimmed">
          {isEmpty ? t('wizard.offline.list.empty') : isOnline ? t('wizard.offline.list.introOnline') : t('wizard.offline.list.intro')}
        </Text>
      </div>
      {space?.isLow && (
        <Text size="sm" c="red.9" fw={600} data-testid="storage-low">
          {t('wizard.offline.list.storageLow', { size: formatNumber(Math.floor(space.available / MB)) })}
        </Text>
      )}
      <QueueProgress files={inQueue} />
      {items.changes.map((change) => {
        const label = `${t(`solar.installation.tabs.${change.tab}`)} · ${installationName(change.installation)}`;
        const to = changePath(change);
        return (
          <Group key={change.key} gap="sm" wrap="nowrap" data-testid="waiting-change">
            <IconPencil size={20} aria-hidden />
            <Anchor
              component={Link}
              to={to}
              onClick={(event: MouseEvent) => {
                guardLinkClick(to)(event);
                onLeave?.();
              }}
              // The whole entry leads to its tab: a target a gloved finger finds.
              underline="never"
              style={{ flex: 1, minWidth: 0, minHeight: 44 }}
            >
              <Text span display="block" size="sm" fw={600} td="underline" style={{ overflowWrap: 'anywhere' }}>
                {label}
              </Text>
              <Text span display="block" size="xs" c="dimmed">
                {t('wizard.offline.list.change')}
              </Text>
            </Anchor>
            <ActionIcon variant="subtle" color="red" size="lg" onClick={() => removeChange(change)} aria-label={t('wizard.offline.list.remove', { name: label })}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {items.files.map((file) => {
        const Icon = isPhoto(file) ? IconPhoto : IconFileText;
        return (
          <Group key={file.key} gap="sm" wrap="nowrap" data-testid="waiting-file">
            <Icon size={20} aria-hidden />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
              <Text size="xs" c={file.problem ? 'red.9' : 'dimmed'} data-testid="waiting-file-status">
                {`${t(`wizard.uploads.slots.${slotKey(file.type)}.title`)} · ${installationName(file.installationId)} · ${fileStatus(file)}`}
              </Text>
              <FileSendProgress fileKey={file.key} name={file.name} totalBytes={file.blob.size} />
            </Stack>
            {file.key !== sendingKey && (
              <ActionIcon variant="subtle" color="red" size="lg" onClick={() => removeFile(file)} aria-label={t('wizard.offline.list.remove', { name: file.name })}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

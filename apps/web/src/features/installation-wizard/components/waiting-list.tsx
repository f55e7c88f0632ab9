import { useEffect, useState } from 'react';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
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

/** Each save and file that waits on this device, what happens to it, and a way to remove it. */
export function WaitingList({ items }: { items: WaitingItems }) {
  const { t } = useTranslation();
  const space = useStorageSpace();
  const formatNumber = useFormatNumber();
  const sendingKey = useUploadQueueStore((state) => state.sendingKey);
  const retryAt = useUploadQueueStore((state) => state.retryAt);
  const isOnline = useIsOnline();
  const isEmpty = items.changes.length === 0 && items.files.length === 0;
  const installationName = (installation: WaitingChange['installation']) =>
    // One started offline has no number of the server yet.
    installation === 'new' || isLocalInstallationId(installation) ? t('wizard.offline.list.newInstallation') : t('wizard.offline.list.installation', { id: installation });

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
        const label = `${t(`wizard.tabNames.${change.tab}`)} · ${installationName(change.installation)}`;
        return (
          <Group key={change.key} gap="sm" wrap="nowrap" data-testid="waiting-change">
            <IconPencil size={20} aria-hidden />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {label}
              </Text>
              <Text size="xs" c="dimmed">
                {t('wizard.offline.list.change')}
              </Text>
            </Stack>
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

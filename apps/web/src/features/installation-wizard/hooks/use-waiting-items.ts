import { startTransition, useEffect, useState } from 'react';
import type { TFunction } from '@/lib/i18n';
import type { WizardTab } from '@portal/domain/installation';
import { IMAGE_FORMATS } from '@portal/domain/constants';
import { pendingDraftKeys, readPendingSave, subscribePendingSaves, type InstallationKey } from '../lib/draft-storage';
import { listFiles, subscribeFiles, type StoredFile } from '../lib/file-queue';
import { compareText } from '@/lib/compare-text';

export type WaitingChange = { key: string; tab: WizardTab; installation: InstallationKey; fleet: string };
export type WaitingItems = { changes: WaitingChange[]; files: StoredFile[] };
/** The queues as last read; `isRead` stays false until the device's queues were read once. */
export type WaitingState = WaitingItems & { isRead: boolean };

const UNREAD: WaitingState = { changes: [], files: [], isRead: false };
const NONE: WaitingState = { changes: [], files: [], isRead: true };

export const isPhoto = (file: Pick<StoredFile, 'format'>) => (IMAGE_FORMATS as readonly string[]).includes(file.format);

/** '3 photos, 1 document, 2 changes': what waits, counted by kind (empty when nothing waits). */
export function waitingCounts(t: TFunction, items: WaitingItems): string {
  const photos = items.files.filter(isPhoto).length;
  const documents = items.files.length - photos;
  const changes = items.changes.length;
  return [
    ...(photos > 0 ? [t('wizard.offline.badge.photos', { count: photos })] : []),
    ...(documents > 0 ? [t('wizard.offline.badge.documents', { count: documents })] : []),
    ...(changes > 0 ? [t('wizard.offline.badge.changes', { count: changes })] : []),
  ].join(', ');
}

/** The user's saves and files that wait on this device, read once. */
export async function readWaiting(userId: string): Promise<WaitingItems> {
  const keys = await pendingDraftKeys(userId);
  const saves = await Promise.all(keys.map(async (key) => ({ key, pending: await readPendingSave(key) })));
  // In the order they were made, which is the order they are sent in.
  const made = saves.flatMap(({ key, pending }) => (pending ? [{ key, pending }] : [])).sort((a, b) => compareText(a.pending.createdAt, b.pending.createdAt));
  const changes = made.map(({ key, pending }) => ({ key, tab: pending.tab, installation: pending.installation, fleet: pending.fleet }));
  const files = (await listFiles(userId)).filter((file) => file.state === 'queued');
  return { changes, files };
}

/**
 * The user's saves and files that wait on this device for the network; follows both queues as they change.
 * Another user (a shared phone) starts unread: nothing of the one before shows, not even for one render.
 */
export function useWaitingItems(userId: string | null): WaitingState {
  const [read, setRead] = useState<{ userId: string | null; items: WaitingState }>(() => ({ userId, items: userId ? UNREAD : NONE }));
  useEffect(() => {
    if (!userId) return;
    let isActive = true;
    const refresh = () => {
      void readWaiting(userId).then((next) => {
        if (!isActive) return;
        // After the first read, nothing waiting keeps the same value, so the wizard does not render again for it; what does wait
        // shows in a transition, which yields to taps while the wizard renders the badge.
        const isEmpty = next.changes.length === 0 && next.files.length === 0;
        startTransition(() =>
          setRead((current) => (isEmpty && current.userId === userId && current.items === NONE ? current : { userId, items: isEmpty ? NONE : { ...next, isRead: true } })),
        );
      });
    };
    refresh();
    const stopSaves = subscribePendingSaves(refresh);
    const stopFiles = subscribeFiles(refresh);
    // Another tab of the portal may have sent or queued something meanwhile.
    window.addEventListener('focus', refresh);
    return () => {
      isActive = false;
      stopSaves();
      stopFiles();
      window.removeEventListener('focus', refresh);
    };
  }, [userId]);
  if (!userId) return NONE;
  return read.userId === userId ? read.items : UNREAD;
}

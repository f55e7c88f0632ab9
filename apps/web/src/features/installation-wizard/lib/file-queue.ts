import { del, entries, get, set } from 'idb-keyval';
import type { UploadSlot } from '@portal/domain/upload';
import { lazyIdbStore } from '@/lib/idb-store';
import type { FileProblem } from './upload-file';
import { compareText } from '@/lib/compare-text';

/**
 * Every file an installer picks is kept in IndexedDB (as a Blob) the moment it is picked, so a reload,
 * a killed tab or a restarted phone loses none. A file is `picked` while it waits on the uploads tab
 * for Save, and `queued` once the installer saved it but the network was away: the upload queue
 * sends those one by one, with the file's own Idempotency-Key, when the network is back.
 */
export type StoredFileState = 'picked' | 'queued';

export type StoredFile = {
  /** The device's own key of the file (also the uploads tab's row key). */
  key: string;
  userId: string;
  installationId: number;
  fleet: string;
  type: UploadSlot;
  name: string;
  format: string;
  /** As picked, then the compressed photo once `isPrepared`. */
  blob: Blob;
  isPrepared: boolean;
  state: StoredFileState;
  idempotencyKey: string;
  /** Why the server refused it (it stays until the installer removes it). */
  problem: FileProblem | null;
  pickedAt: string;
};

const files = lazyIdbStore('installer-portal-files', 'files');
const fileStore = () => files.get();

const recordKey = (file: Pick<StoredFile, 'userId' | 'installationId' | 'key'>) => `file:${file.userId}:${file.installationId}:${file.key}`;

const listeners = new Set<() => void>();

/** Called whenever a file is kept, changed or leaves the device's store. */
export function subscribeFiles(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

let isPersistenceAsked = false;

/** Asks once that the browser never evicts what is kept here under storage pressure. */
function askPersistentStorage() {
  if (isPersistenceAsked) return;
  isPersistenceAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

/**
 * Keeps a file. False when the device could not store it (quota, private mode): the caller must say
 * so, the file then lives only as long as the page.
 */
export async function keepFile(file: StoredFile): Promise<boolean> {
  const s = fileStore();
  if (!s) return false;
  try {
    await set(recordKey(file), file, s);
    askPersistentStorage();
    changed();
    return true;
  } catch {
    return false;
  }
}

/** Changes a kept file; false when it is not kept (any more) or could not be written. */
export async function updateFile(file: Pick<StoredFile, 'userId' | 'installationId' | 'key'>, changes: Partial<Omit<StoredFile, 'key' | 'userId' | 'installationId'>>): Promise<boolean> {
  const s = fileStore();
  if (!s) return false;
  try {
    const current = await get<StoredFile>(recordKey(file), s);
    if (!current) return false;
    await set(recordKey(file), { ...current, ...changes }, s);
    changed();
    return true;
  } catch {
    return false;
  }
}

export async function forgetFile(file: Pick<StoredFile, 'userId' | 'installationId' | 'key'>): Promise<void> {
  const s = fileStore();
  if (!s) return;
  try {
    await del(recordKey(file), s);
  } catch {
    // Already gone.
  }
  changed();
}

/** The user's kept files, oldest first; of one installation when named. */
export async function listFiles(userId: string, installationId?: number): Promise<StoredFile[]> {
  const s = fileStore();
  if (!s) return [];
  const prefix = installationId === undefined ? `file:${userId}:` : `file:${userId}:${installationId}:`;
  try {
    const all = await entries<string, StoredFile>(s);
    return all
      .filter(([k]) => typeof k === 'string' && k.startsWith(prefix))
      .map(([, file]) => file)
      .sort((a, b) => compareText(a.pickedAt, b.pickedAt));
  } catch {
    return [];
  }
}

/** Forgets the picked (not yet saved) files of an installation: the installer chose not to save them. Queued ones stay. */
export async function forgetPickedFiles(userId: string, installationId: number): Promise<void> {
  const picked = (await listFiles(userId, installationId)).filter((file) => file.state === 'picked');
  await Promise.all(picked.map((file) => forgetFile(file)));
}

export type StorageSpace = { available: number; isLow: boolean };

/** Below this the waiting list shows how much space is left. */
export const LOW_SPACE_BYTES = 100 * 1024 * 1024;

/** What the browser still lets the portal store, when it says. */
export async function storageSpace(): Promise<StorageSpace | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate?.quota) return null;
    const available = Math.max(estimate.quota - (estimate.usage ?? 0), 0);
    return { available, isLow: available < LOW_SPACE_BYTES };
  } catch {
    return null;
  }
}

/** For tests: drop the cached handle so a fresh IndexedDB is used. */
export function resetFileStoreForTests(): void {
  files.reset();
  isPersistenceAsked = false;
}

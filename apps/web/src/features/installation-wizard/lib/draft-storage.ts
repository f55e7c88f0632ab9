import { del, get, keys, set, type UseStore } from 'idb-keyval';
import type { WizardTab } from '@portal/domain/installation';
import { lazyIdbStore } from '@/lib/idb-store';
import type { PendingSave } from './save-request';
import { compareText } from '@/lib/compare-text';

/**
 * What an installer typed survives a lost connection and a reload: the open tab's values are kept
 * in IndexedDB per user, installation ('new' before the first save) and tab. A save that could not
 * be sent is kept beside them, with its Idempotency-Key, until it went through.
 */
export type InstallationKey = number | 'new';

export type Draft<V = unknown> = { values: V; savedAt: string };
export type StoredPendingSave = {
  save: PendingSave;
  values: unknown;
  tab: WizardTab;
  installation: InstallationKey;
  fleet: string;
  createdAt: string;
  /** A create made offline: the device's own (negative) id of the installation it starts, until the server gave it one. */
  localId?: number;
};

const drafts = lazyIdbStore('installer-portal', 'wizard-drafts');
const draftStore = () => drafts.get();

export const draftKey = (userId: string, installation: InstallationKey, tab: WizardTab) => `draft:${userId}:${installation}:${tab}`;
const pendingKey = (key: string) => `pending:${key.slice('draft:'.length)}`;

// Storage may be unavailable (private mode, quota): the form still works, it just remembers less.
async function safely<T>(action: (s: UseStore) => Promise<T>, fallback: T): Promise<T> {
  const s = draftStore();
  if (!s) return fallback;
  try {
    return await action(s);
  } catch {
    return fallback;
  }
}

export const readDraft = <V>(key: string) => safely((s) => get<Draft<V>>(key, s), undefined);
export const writeDraft = <V>(key: string, draft: Draft<V>) => safely((s) => set(key, draft, s), undefined);
export const deleteDraft = (key: string) => safely((s) => del(key, s), undefined);

const pendingListeners = new Set<() => void>();

/** Called whenever a save is queued or leaves the queue (sent, refused, discarded). */
export function subscribePendingSaves(listener: () => void): () => void {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
}

async function changingQueue(change: Promise<unknown>): Promise<undefined> {
  await change;
  for (const listener of pendingListeners) listener();
  return undefined;
}

export const readPendingSave = (key: string) => safely((s) => get<StoredPendingSave>(pendingKey(key), s), undefined);
export const writePendingSave = (key: string, pending: StoredPendingSave) => changingQueue(safely((s) => set(pendingKey(key), pending, s), undefined));
export const deletePendingSave = (key: string) => changingQueue(safely((s) => del(pendingKey(key), s), undefined));

/**
 * An installation started offline, once the server created it: its id and the version our last save
 * of it made. The saves made offline under the device's own id go to it, one after the other.
 */
export type LocalInstallationLink = { id: number; fleet: string; version: number };
const linkKey = (userId: string, localId: number) => `local:${userId}:${localId}`;
export const readLocalLink = (userId: string, localId: number) => safely((s) => get<LocalInstallationLink>(linkKey(userId, localId), s), undefined);
export const writeLocalLink = (userId: string, localId: number, link: LocalInstallationLink) => safely((s) => set(linkKey(userId, localId), link, s), undefined);

/**
 * An installation started offline whose first save (the create) the server refused, e.g. because a colleague
 * recorded the same system meanwhile: what it was and why, as the refusal said. It stays with the saves made
 * behind the create (they cannot go anywhere) until the installer discards them.
 */
export type Refusal = { localId: number; fleet: string; name: string; serialNumber: string; code: string; message: string; details?: unknown; at: string };
const refusalKey = (userId: string, localId: number) => `refused:${userId}:${localId}`;
export const writeRefusal = (userId: string, refusal: Refusal) => changingQueue(safely((s) => set(refusalKey(userId, refusal.localId), refusal, s), undefined));

/** The user's installations started offline that the server refused to create, oldest first. */
export async function readRefusals(userId: string): Promise<Refusal[]> {
  const all = await safely((s) => keys<string>(s), [] as string[]);
  const own = all.filter((k) => typeof k === 'string' && k.startsWith(`refused:${userId}:`));
  const refusals = await Promise.all(own.map((k) => safely((s) => get<Refusal>(k, s), undefined)));
  return refusals.filter((refusal): refusal is Refusal => refusal !== undefined).sort((a, b) => compareText(a.at, b.at));
}

/** The draft keys of a user's saves still waiting for the network. */
export async function pendingDraftKeys(userId: string): Promise<string[]> {
  const all = await safely((s) => keys<string>(s), [] as string[]);
  const prefix = `pending:${userId}:`;
  return all.filter((k) => typeof k === 'string' && k.startsWith(prefix)).map((k) => `draft:${k.slice('pending:'.length)}`);
}

/** Forgets every draft and pending save of one installation (cancel, or a draft the user discarded). */
export async function deleteInstallationDrafts(userId: string, installation: InstallationKey): Promise<void> {
  const all = await safely((s) => keys<string>(s), [] as string[]);
  const own = all.filter(
    (k) =>
      typeof k === 'string' &&
      (k.startsWith(`draft:${userId}:${installation}:`) || k.startsWith(`pending:${userId}:${installation}:`) || k === `refused:${userId}:${installation}`),
  );
  await changingQueue(Promise.all(own.map((k) => safely((s) => del(k, s), undefined))));
}

/** Sign-out: every draft and waiting save of one user leaves the device. */
export async function deleteUserDrafts(userId: string): Promise<void> {
  const all = await safely((s) => keys<string>(s), [] as string[]);
  const own = all.filter(
    (k) =>
      typeof k === 'string' &&
      (k.startsWith(`draft:${userId}:`) || k.startsWith(`pending:${userId}:`) || k.startsWith(`local:${userId}:`) || k.startsWith(`refused:${userId}:`)),
  );
  await changingQueue(Promise.all(own.map((k) => safely((s) => del(k, s), undefined))));
}

/**
 * A lost session: the user's drafts go, except those of a tab whose save still waits (they hold what
 * was typed after it); the waiting saves stay for that user.
 */
export async function forgetUnqueuedDrafts(userId: string): Promise<void> {
  const all = new Set(await safely((s) => keys<string>(s), [] as string[]));
  const drafts = [...all].filter((k) => typeof k === 'string' && k.startsWith(`draft:${userId}:`) && !all.has(pendingKey(k)));
  await Promise.all(drafts.map((k) => safely((s) => del(k, s), undefined)));
}

/** For tests: drop the cached handle so a fresh IndexedDB is used. */
export function resetDraftStoreForTests(): void {
  drafts.reset();
}

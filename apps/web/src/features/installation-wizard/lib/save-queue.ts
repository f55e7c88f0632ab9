import type { CreateInstallation, Installation, WizardTab } from '@portal/domain/installation';
import { isApiError } from '@/lib/api-error';
import {
  deleteDraft,
  deleteInstallationDrafts,
  deletePendingSave,
  pendingDraftKeys,
  readDraft,
  readLocalLink,
  readPendingSave,
  writeDraft,
  writeLocalLink,
  writePendingSave,
  writeRefusal,
  type Draft,
  type InstallationKey,
  type Refusal,
  type StoredPendingSave,
} from './draft-storage';
import { isLocalInstallationId } from './offline-create';
import { isSameValues, newIdempotencyKey } from './form-values';
import { isOfflineFailure, sendSaveOnce, withVersion, type PendingSave, type SaveRequest } from './save-request';
import { compareText } from '@/lib/compare-text';

/**
 * The saves of the wizard that must survive a lost connection, without React: each save is kept on
 * the device with its Idempotency-Key before it leaves, sent again with that same key, and dropped
 * once the server took it or refused it. The forms and the background sync only wire into it.
 */

export { draftKey, type InstallationKey } from './draft-storage';

export type SendSave = (save: PendingSave) => Promise<Installation>;

/** What became of one save: taken, kept for later (no network), or refused (nothing was saved). */
export type QueuedSaveResult =
  | { outcome: 'saved'; installation: Installation }
  | { outcome: 'offline' }
  | { outcome: 'refused'; error: unknown; isConflict: boolean };

export type QueuedSave<V> = {
  /** The tab's draft key (see draftKey). */
  key: string;
  request: SaveRequest;
  /** The form's values this save was built from. */
  values: V;
  tab: WizardTab;
  installation: InstallationKey;
  fleet: string;
};

/**
 * Tabs whose save is on its way from this page: a replay of the waiting saves leaves them to the
 * sender that has them, instead of sending the same save a second time beside it.
 */
const inFlight = new Set<string>();

const isSessionLost = (error: unknown): boolean => isApiError(error) && error.status === 401;

export const isVersionConflict = (error: unknown): boolean => isApiError(error) && error.code === 'VERSION_CONFLICT';

/** Whether a save of this tab still waits for the network. */
export const hasPendingSave = async (key: string): Promise<boolean> => (await readPendingSave(key)) !== undefined;

/**
 * What the device keeps for a tab when it opens: the draft of its entries, and whether a save of it
 * still waits (`pendingValues`: the entries that save sends).
 */
export async function readTabEntries<V>(key: string): Promise<{ draft: Draft<Partial<V>> | undefined; isSavePending: boolean; pendingValues?: V }> {
  const [draft, pending] = await Promise.all([readDraft<Partial<V>>(key), readPendingSave(key)]);
  return pending === undefined ? { draft, isSavePending: false } : { draft, isSavePending: true, pendingValues: pending.values as V };
}

/**
 * A draft's values laid over what the server has (a draft from an older version may lack fields);
 * null when they say nothing new, and the draft can go.
 */
export function draftValues<V>(draft: Draft<Partial<V>>, serverValues: V): V | null {
  const values = { ...serverValues, ...draft.values };
  return isSameValues(values, serverValues) ? null : values;
}

/** Keeps what was typed on a tab, stamped with the moment. */
export const storeDraft = <V>(key: string, values: V) => writeDraft(key, { values, savedAt: new Date().toISOString() });

/** Forgets what was typed on a tab. */
export const forgetDraft = (key: string) => deleteDraft(key);

/** The device copy of a tab after a change: kept while it differs from what the server has, forgotten once it does not. */
export const keepDraft = <V>(key: string, values: V, serverValues: V) => (isSameValues(values, serverValues) ? forgetDraft(key) : storeDraft(key, values));

/** After a save: the draft goes, unless the entries changed while the save travelled. */
export async function forgetSavedDraft<V>(key: string, current: V, saved: V): Promise<void> {
  if (isSameValues(current, saved)) await forgetDraft(key);
}

/** Forgets a tab's draft and any save of it still waiting. */
export async function discardTabEntries(key: string): Promise<void> {
  await Promise.all([deleteDraft(key), deletePendingSave(key)]);
}

/** A save of an installation started offline, not yet created by the server: it can only wait behind its create. */
const isBehindLocalCreate = (save: PendingSave): boolean => save.endpoint !== 'create' && isLocalInstallationId(save.installationId);

async function sendKept(key: string, save: PendingSave, send: SendSave): Promise<QueuedSaveResult> {
  if (isBehindLocalCreate(save)) return { outcome: 'offline' };
  try {
    const saved = await send(save);
    await deletePendingSave(key);
    return { outcome: 'saved', installation: saved };
  } catch (error) {
    // Without an answer, or with the session gone (a 401): kept for its user's next sign-in, never dropped.
    if (isOfflineFailure(error) || isSessionLost(error)) return { outcome: 'offline' };
    // Refused: nothing was saved, so a later save starts afresh.
    await deletePendingSave(key);
    return { outcome: 'refused', error, isConflict: isVersionConflict(error) };
  }
}

/**
 * Sends a tab's save through the queue. The same values as a save still waiting are a retry and
 * keep its Idempotency-Key; other values first send the waiting save again (it may have reached the
 * server without its answer coming back), so the new one builds on its version instead of conflicting.
 * `onSaved` hears of every installation the server sent back, the earlier save's included.
 */
export async function sendQueuedSave<V>(
  { key, request, values, tab, installation, fleet }: QueuedSave<V>,
  { onSaved, send = sendSaveOnce }: { onSaved: (saved: Installation) => void; send?: SendSave },
): Promise<QueuedSaveResult> {
  inFlight.add(key);
  try {
    return await sendThroughQueue({ key, request, values, tab, installation, fleet }, { onSaved, send });
  } finally {
    inFlight.delete(key);
  }
}

async function sendThroughQueue<V>(
  { key, request, values, tab, installation, fleet }: QueuedSave<V>,
  { onSaved, send }: { onSaved: (saved: Installation) => void; send: SendSave },
): Promise<QueuedSaveResult> {
  let base = request;
  const previous = await readPendingSave(key);
  const isRetry = previous !== undefined && isSameValues(previous.values, values);
  if (previous && !isRetry && request.endpoint !== 'create' && !isBehindLocalCreate(previous.save)) {
    try {
      const saved = await send(previous.save);
      onSaved(saved);
      base = withVersion(request, saved.version);
    } catch {
      // Refused or still offline: the new save below decides what the installer sees.
    }
  }
  const save = { ...base, idempotencyKey: isRetry ? previous.save.idempotencyKey : newIdempotencyKey() };
  // Kept before it leaves, so a reload while it travels sends it again with the same key.
  await writePendingSave(key, { save, values, tab, installation, fleet, createdAt: new Date().toISOString() });
  const result = await sendKept(key, save, send);
  if (result.outcome === 'saved') onSaved(result.installation);
  return result;
}

export type ReplayEvents = {
  /** A waiting save is about to leave. */
  onSending: (key: string) => void;
  /** The server took it; its draft is already gone unless typing went on after it. */
  onSaved: (key: string, saved: Installation, pending: StoredPendingSave) => void;
  /** The server took it: said before the draft is looked at. */
  onReceived: (saved: Installation) => void;
  /** Still no network: the replay stops here, the rest waits with it. */
  onOffline: (key: string) => void;
  /**
   * Refused (the draft stays on the tab); a conflict means someone else saved first. `refusal` names an
   * installation started offline that the server would not create (kept on the device, see Refusal).
   */
  onRefused: (key: string, isConflict: boolean, refusal?: Refusal) => void;
  /** Asked before each save and after its answer: true once the replay should end (the user signed out). */
  isStopped?: () => boolean;
};

/** The version a save is based on, if it names one (a create does not). */
const baseVersion = (save: PendingSave): number | null => (save.endpoint === 'create' ? null : save.body.version);

/**
 * Sends a user's waiting saves again, one after the other in the order they were made, each with its
 * own Idempotency-Key. Saves of several tabs made offline all build on the version the device had:
 * once the first of them went through, the next builds on the version that save made (our own
 * change, not someone else's), so the installer's tabs do not conflict with each other. A save
 * based on a version someone else changed still conflicts.
 */
/**
 * An installation started offline: its create comes first (the oldest of its saves); once the server
 * created it, every later save of it goes to the server's id, built on the version our previous save
 * of it made. Until then they wait.
 */
async function towardsServer(userId: string, save: PendingSave): Promise<PendingSave | null> {
  if (!isBehindLocalCreate(save) || save.endpoint === 'create') return save;
  const link = await readLocalLink(userId, save.installationId);
  if (!link) return null;
  return withVersion({ ...save, installationId: link.id }, link.version);
}

/** Why the server would not create an installation started offline, kept with what it was. */
function refusalOf(localId: number, fleet: string, body: CreateInstallation, error: unknown): Refusal {
  const { code, message, details } = isApiError(error) ? error : { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : '', details: undefined };
  return {
    localId,
    fleet,
    name: body.name,
    serialNumber: body.systemSerialNumber.trim(),
    code,
    message,
    ...(details !== undefined && { details }),
    at: new Date().toISOString(),
  };
}

export async function replayPendingSaves(userId: string, events: ReplayEvents, send: SendSave = sendSaveOnce): Promise<void> {
  const waiting = await Promise.all((await pendingDraftKeys(userId)).map(async (key) => ({ key, createdAt: (await readPendingSave(key))?.createdAt ?? '' })));
  waiting.sort((a, b) => compareText(a.createdAt, b.createdAt));
  /** Per installation: the version one of our saves started from → the version it made. */
  const madeBy = new Map<number, Map<number, number>>();
  /** The installations started offline this replay sent saves of. */
  const locals = new Set<number>();
  for (const { key } of waiting) {
    const pending = await readPendingSave(key);
    if (!pending || events.isStopped?.() || inFlight.has(key)) continue;
    const localId = pending.save.endpoint === 'create' ? undefined : isLocalInstallationId(pending.save.installationId) ? pending.save.installationId : undefined;
    const ownLocal = localId ?? pending.localId;
    if (ownLocal !== undefined) locals.add(ownLocal);
    const towards = await towardsServer(userId, pending.save);
    if (!towards) continue;
    let save = towards;
    const from = baseVersion(save);
    if (from !== null && save.endpoint !== 'create' && localId === undefined) {
      const chain = madeBy.get(save.installationId);
      let version = from;
      while (chain?.has(version)) version = chain.get(version)!;
      if (version !== from) save = withVersion(save, version);
    }
    events.onSending(key);
    const result = await sendKept(key, save, send);
    if (result.outcome === 'saved' && pending.localId !== undefined) {
      await writeLocalLink(userId, pending.localId, { id: result.installation.id, fleet: result.installation.fleet, version: result.installation.version });
    }
    if (result.outcome === 'saved' && localId !== undefined) {
      await writeLocalLink(userId, localId, { id: result.installation.id, fleet: result.installation.fleet, version: result.installation.version });
    }
    if (result.outcome === 'saved' && save.endpoint !== 'create') {
      const chain = madeBy.get(save.installationId) ?? new Map<number, number>();
      chain.set(baseVersion(save)!, result.installation.version);
      madeBy.set(save.installationId, chain);
    }
    if (result.outcome === 'offline') {
      events.onOffline(key);
      return;
    }
    if (result.outcome === 'refused') {
      const refusal =
        pending.save.endpoint === 'create' && pending.localId !== undefined ? refusalOf(pending.localId, pending.fleet, pending.save.body, result.error) : undefined;
      if (refusal) await writeRefusal(userId, refusal);
      events.onRefused(key, result.isConflict, refusal);
      continue;
    }
    // Stopped while the save was on its way (the user signed out): the server has it and the device
    // forgets it, but the answer is no longer shown or cached for whoever uses the device next.
    const isHeard = !events.isStopped?.();
    if (isHeard) events.onReceived(result.installation);
    const draft = await readDraft(key);
    if (!draft || isSameValues(draft.values, pending.values)) await deleteDraft(key);
    if (isHeard) events.onSaved(key, result.installation, pending);
  }
  // What was typed on an installation started offline whose saves all went: its place on the device goes.
  for (const id of locals) {
    const left = (await pendingDraftKeys(userId)).some((key) => key.startsWith(`draft:${userId}:${id}:`));
    if (!left && (await readLocalLink(userId, id))) await deleteInstallationDrafts(userId, id);
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import type { Installation } from '@portal/domain/installation';
import { ApiError, errorFromTransport } from '@/lib/api-error';
import { createInstallation } from '../testing/installation-factory';
import { draftKey, pendingDraftKeys, readDraft, readPendingSave, resetDraftStoreForTests, writeDraft } from './draft-storage';
import { discardTabEntries, draftValues, forgetDraft, forgetSavedDraft, hasPendingSave, keepDraft, readTabEntries, replayPendingSaves, sendQueuedSave, storeDraft, type ReplayEvents, type SendSave } from './save-queue';
import type { PendingSave, SaveRequest } from './save-request';

const generalKey = draftKey('u1', 42, 'general');
const customerKey = draftKey('u1', 42, 'customer');
const otherUserKey = draftKey('u2', 42, 'general');

const update = (name: string, version = 3): SaveRequest => ({ endpoint: 'update', installationId: 42, body: { version, name } });
const entry = (name: string, key = generalKey, version = 3) => ({
  key,
  request: update(name, version),
  values: { name },
  tab: 'general' as const,
  installation: 42 as const,
  fleet: 'sono',
});

const offline = () => errorFromTransport(new Error('Failed to fetch'));
const conflict = () => new ApiError({ status: 409, code: 'VERSION_CONFLICT', message: 'Someone else saved first.' });

/** A server double: answers each save in turn (an installation one version on, or an error) and records what came. */
function server(...answers: (Installation | Error)[]) {
  const received: PendingSave[] = [];
  const send = vi.fn<SendSave>(async (save) => {
    received.push(save);
    const answer = answers.shift() ?? createInstallation({ version: 4 });
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { send, received };
}

const events = (): ReplayEvents => ({
  onSending: vi.fn(),
  onReceived: vi.fn(),
  onSaved: vi.fn(),
  onOffline: vi.fn(),
  onRefused: vi.fn(),
});

describe('the save queue', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetDraftStoreForTests();
  });

  it('keeps a save that found no network, and a reload finds it with its Idempotency-Key', async () => {
    const { send, received } = server(offline());
    expect(await sendQueuedSave(entry('Bus 13'), { onSaved: vi.fn(), send })).toEqual({ outcome: 'offline' });

    // A reload: the store is opened afresh from the same IndexedDB.
    resetDraftStoreForTests();
    expect(await pendingDraftKeys('u1')).toEqual([generalKey]);
    const kept = await readPendingSave(generalKey);
    expect(kept).toMatchObject({ values: { name: 'Bus 13' }, tab: 'general', installation: 42, fleet: 'sono' });
    expect(kept!.save).toEqual({ ...update('Bus 13'), idempotencyKey: received[0]!.idempotencyKey });
    expect(await hasPendingSave(generalKey)).toBe(true);

    const replay = server();
    await replayPendingSaves('u1', events(), replay.send);
    expect(replay.received).toEqual([kept!.save]);
    expect(await hasPendingSave(generalKey)).toBe(false);
  });

  it('sends a retry of the same values with the same Idempotency-Key', async () => {
    const { send, received } = server(offline(), offline(), createInstallation({ version: 4 }));
    await sendQueuedSave(entry('Bus 13'), { onSaved: vi.fn(), send });
    await sendQueuedSave(entry('Bus 13'), { onSaved: vi.fn(), send });
    const onSaved = vi.fn();
    const result = await sendQueuedSave(entry('Bus 13'), { onSaved, send });

    expect(result).toEqual({ outcome: 'saved', installation: createInstallation({ version: 4 }) });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((save) => save.idempotencyKey)).size).toBe(1);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('sends a waiting save again first when other values follow, and bases the new one on its version', async () => {
    const { send, received } = server(offline(), createInstallation({ version: 4, name: 'Bus 13' }), createInstallation({ version: 5 }));
    await sendQueuedSave(entry('Bus 13'), { onSaved: vi.fn(), send });
    const onSaved = vi.fn();
    const result = await sendQueuedSave(entry('Bus 14'), { onSaved, send });

    expect(result).toMatchObject({ outcome: 'saved', installation: { version: 5 } });
    expect(received.map((save) => save.body)).toEqual([
      { version: 3, name: 'Bus 13' },
      { version: 3, name: 'Bus 13' },
      { version: 4, name: 'Bus 14' },
    ]);
    expect(received[1]!.idempotencyKey).toBe(received[0]!.idempotencyKey);
    expect(received[2]!.idempotencyKey).not.toBe(received[0]!.idempotencyKey);
    expect(onSaved.mock.calls.map(([saved]) => (saved as Installation).version)).toEqual([4, 5]);
    expect(await hasPendingSave(generalKey)).toBe(false);
  });

  it('drops the saved entry once the server took it', async () => {
    const { send } = server();
    const onSaved = vi.fn();
    await sendQueuedSave(entry('Bus 13'), { onSaved, send });
    expect(onSaved).toHaveBeenCalledWith(createInstallation({ version: 4 }));
    expect(await readPendingSave(generalKey)).toBeUndefined();
  });

  it('reports a version conflict as a refusal and forgets the save', async () => {
    const { send } = server(conflict());
    const onSaved = vi.fn();
    const result = await sendQueuedSave(entry('Bus 13'), { onSaved, send });
    expect(result).toMatchObject({ outcome: 'refused', isConflict: true });
    expect(onSaved).not.toHaveBeenCalled();
    expect(await hasPendingSave(generalKey)).toBe(false);
  });

  it('reports another refusal as no conflict', async () => {
    const { send } = server(new ApiError({ status: 422, code: 'VALIDATION_ERROR', message: 'No.' }));
    expect(await sendQueuedSave(entry('Bus 13'), { onSaved: vi.fn(), send })).toMatchObject({ outcome: 'refused', isConflict: false });
    expect(await hasPendingSave(generalKey)).toBe(false);
  });

  it('replays the waiting saves of one user in the order they were made and stops at the first that finds no network', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const parked = server(offline(), offline(), offline());
    try {
      vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
      await sendQueuedSave(entry('General'), { onSaved: vi.fn(), send: parked.send });
      vi.setSystemTime(new Date('2026-11-24T10:01:00.000Z'));
      await sendQueuedSave({ ...entry('Customer', customerKey), tab: 'customer' }, { onSaved: vi.fn(), send: parked.send });
      await sendQueuedSave(entry('Other user', otherUserKey), { onSaved: vi.fn(), send: parked.send });
    } finally {
      vi.useRealTimers();
    }

    const first = server(createInstallation({ version: 4 }), offline());
    const heard = events();
    await replayPendingSaves('u1', heard, first.send);
    // One at a time, oldest first; the other user's save is not theirs to send. The customer tab's
    // save was made on version 3 too: it builds on the version the general tab's save made.
    expect(first.received.map((save) => save.body)).toEqual([
      { version: 3, name: 'General' },
      { version: 4, name: 'Customer' },
    ]);
    expect(heard.onSending).toHaveBeenNthCalledWith(1, generalKey);
    expect(heard.onSending).toHaveBeenNthCalledWith(2, customerKey);
    expect(heard.onSaved).toHaveBeenCalledWith(generalKey, createInstallation({ version: 4 }), expect.objectContaining({ tab: 'general' }));
    expect(heard.onOffline).toHaveBeenCalledWith(customerKey);
    expect(await pendingDraftKeys('u1')).toEqual([customerKey]);
    expect(await pendingDraftKeys('u2')).toEqual([otherUserKey]);

    const again = server();
    await replayPendingSaves('u1', events(), again.send);
    expect(again.received.map((save) => save.idempotencyKey)).toEqual([parked.received[1]!.idempotencyKey]);
    expect(await pendingDraftKeys('u1')).toEqual([]);
  });

  it('chains the saves of several tabs made offline on one version; a save someone else overtook still conflicts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const parked = server(offline(), offline(), offline());
    const vehicleKey = draftKey('u1', 42, 'vehicle');
    try {
      vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
      await sendQueuedSave({ ...entry('Customer', customerKey), tab: 'customer' }, { onSaved: vi.fn(), send: parked.send });
      vi.setSystemTime(new Date('2026-11-24T10:01:00.000Z'));
      await sendQueuedSave({ ...entry('Vehicle', vehicleKey), tab: 'vehicle' }, { onSaved: vi.fn(), send: parked.send });
      vi.setSystemTime(new Date('2026-11-24T10:02:00.000Z'));
      await sendQueuedSave({ ...entry('General', generalKey, 2), tab: 'general' }, { onSaved: vi.fn(), send: parked.send });
    } finally {
      vi.useRealTimers();
    }
    const replay = server(createInstallation({ version: 4 }), createInstallation({ version: 5 }), conflict());
    const heard = events();
    await replayPendingSaves('u1', heard, replay.send);
    expect(replay.received.map((save) => save.body)).toEqual([
      { version: 3, name: 'Customer' },
      { version: 4, name: 'Vehicle' },
      // Based on version 2, which none of these saves made: sent as it was, and refused.
      { version: 2, name: 'General' },
    ]);
    expect(heard.onRefused).toHaveBeenCalledWith(generalKey, true, undefined);
    expect(await pendingDraftKeys('u1')).toEqual([]);
  });

  it('clears the draft after a replayed save unless typing went on after it', async () => {
    const parked = server(offline(), offline());
    await sendQueuedSave(entry('General'), { onSaved: vi.fn(), send: parked.send });
    await writeDraft(generalKey, { values: { name: 'General' }, savedAt: '2026-11-24T10:00:00.000Z' });
    await sendQueuedSave({ ...entry('Customer', customerKey), tab: 'customer' }, { onSaved: vi.fn(), send: parked.send });
    await writeDraft(customerKey, { values: { name: 'Customer, typed on' }, savedAt: '2026-11-24T10:00:00.000Z' });

    const heard = events();
    await replayPendingSaves('u1', heard, server().send);
    expect(heard.onReceived).toHaveBeenCalledTimes(2);
    expect(await readDraft(generalKey)).toBeUndefined();
    expect(await readDraft(customerKey)).toMatchObject({ values: { name: 'Customer, typed on' } });
    expect(await pendingDraftKeys('u1')).toEqual([]);
  });

  it('reports a replayed conflict, forgets the save and keeps the draft on the tab', async () => {
    await sendQueuedSave(entry('General'), { onSaved: vi.fn(), send: server(offline()).send });
    await writeDraft(generalKey, { values: { name: 'General' }, savedAt: '2026-11-24T10:00:00.000Z' });

    const heard = events();
    await replayPendingSaves('u1', heard, server(conflict()).send);
    expect(heard.onRefused).toHaveBeenCalledWith(generalKey, true, undefined);
    expect(heard.onSaved).not.toHaveBeenCalled();
    expect(await hasPendingSave(generalKey)).toBe(false);
    expect(await readDraft(generalKey)).toMatchObject({ values: { name: 'General' } });
  });

  it('sends nothing once told to stop', async () => {
    await sendQueuedSave(entry('General'), { onSaved: vi.fn(), send: server(offline()).send });
    const { send } = server();
    await replayPendingSaves('u1', { ...events(), isStopped: () => true }, send);
    expect(send).not.toHaveBeenCalled();
    expect(await hasPendingSave(generalKey)).toBe(true);
  });

  it('stopped while a save is on its way: the save is kept by the server and forgotten on the device, but not reported', async () => {
    await sendQueuedSave(entry('General'), { onSaved: vi.fn(), send: server(offline()).send });
    await writeDraft(generalKey, { values: { name: 'General' }, savedAt: '2026-11-24T10:00:00.000Z' });
    let isStopped = false;
    const signedOutMeanwhile = vi.fn<SendSave>(async () => {
      isStopped = true;
      return createInstallation({ version: 4 });
    });

    const heard = events();
    await replayPendingSaves('u1', { ...heard, isStopped: () => isStopped }, signedOutMeanwhile);
    expect(signedOutMeanwhile).toHaveBeenCalledTimes(1);
    expect(heard.onReceived).not.toHaveBeenCalled();
    expect(heard.onSaved).not.toHaveBeenCalled();
    expect(await hasPendingSave(generalKey)).toBe(false);
    expect(await readDraft(generalKey)).toBeUndefined();
  });

  it('leaves a save that is on its way to its sender: a replay meanwhile does not send it again', async () => {
    let answer: (saved: Installation) => void = () => undefined;
    const slow = vi.fn<SendSave>(() => new Promise<Installation>((done) => (answer = done)));
    const saving = sendQueuedSave(entry('General'), { onSaved: vi.fn(), send: slow });
    await vi.waitFor(() => expect(slow).toHaveBeenCalledTimes(1));
    expect(await hasPendingSave(generalKey)).toBe(true);

    const replay = server();
    await replayPendingSaves('u1', events(), replay.send);
    expect(replay.send).not.toHaveBeenCalled();

    answer(createInstallation({ version: 4 }));
    expect(await saving).toMatchObject({ outcome: 'saved' });
    expect(await hasPendingSave(generalKey)).toBe(false);
  });

  it('forgets a tab’s draft and waiting save together', async () => {
    await sendQueuedSave(entry('General'), { onSaved: vi.fn(), send: server(offline()).send });
    await writeDraft(generalKey, { values: { name: 'General' }, savedAt: '2026-11-24T10:00:00.000Z' });
    await discardTabEntries(generalKey);
    expect(await readDraft(generalKey)).toBeUndefined();
    expect(await hasPendingSave(generalKey)).toBe(false);
  });
});

describe('the drafts of a tab', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetDraftStoreForTests();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps what was typed with the moment, and forgets it on request', async () => {
    await storeDraft(generalKey, { name: 'Bus 13' });
    expect(await readDraft(generalKey)).toEqual({ values: { name: 'Bus 13' }, savedAt: '2026-11-24T10:00:00.000Z' });
    await forgetDraft(generalKey);
    expect(await readDraft(generalKey)).toBeUndefined();
  });

  it('keeps a draft while it differs from what the server has, and forgets it once it does not', async () => {
    await keepDraft(generalKey, { name: 'Bus 13', comments: '' }, { name: 'Bus 12', comments: '' });
    expect(await readDraft(generalKey)).toMatchObject({ values: { name: 'Bus 13', comments: '' } });
    await keepDraft(generalKey, { comments: '', name: 'Bus 12' }, { name: 'Bus 12', comments: '' });
    expect(await readDraft(generalKey)).toBeUndefined();
  });

  it('reads the draft, and whether a save waits with which entries, when a tab opens', async () => {
    expect(await readTabEntries(generalKey)).toEqual({ draft: undefined, isSavePending: false });
    await storeDraft(generalKey, { name: 'Bus 13' });
    await sendQueuedSave(entry('Bus 13'), { onSaved: vi.fn(), send: server(offline()).send });
    expect(await readTabEntries(generalKey)).toEqual({
      draft: { values: { name: 'Bus 13' }, savedAt: '2026-11-24T10:00:00.000Z' },
      isSavePending: true,
      pendingValues: entry('Bus 13').values,
    });
    expect(await readTabEntries(customerKey)).toEqual({ draft: undefined, isSavePending: false });
  });

  it('lays a draft over what the server has, and finds nothing when it says nothing new', () => {
    const server = { name: 'Bus 12', comments: 'Depot', partnerId: null };
    const draft = (values: object) => ({ values, savedAt: '2026-11-24T10:00:00.000Z' });
    expect(draftValues(draft({ name: 'Bus 13' }), server)).toEqual({ name: 'Bus 13', comments: 'Depot', partnerId: null });
    expect(draftValues(draft({ name: 'Bus 12' }), server)).toBeNull();
    expect(draftValues(draft({}), server)).toBeNull();
  });

  it('forgets the draft after a save unless the entries changed while it travelled', async () => {
    await storeDraft(generalKey, { name: 'Bus 14' });
    await forgetSavedDraft(generalKey, { name: 'Bus 14' }, { name: 'Bus 13' });
    expect(await readDraft(generalKey)).toMatchObject({ values: { name: 'Bus 14' } });
    await forgetSavedDraft(generalKey, { name: 'Bus 14' }, { name: 'Bus 14' });
    expect(await readDraft(generalKey)).toBeUndefined();
  });
});

import { Blob } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { ApiError } from '@/lib/api-error';
import { createInstallation } from '../testing/installation-factory';
import { draftKey, pendingDraftKeys, readDraft, readPendingSave, resetDraftStoreForTests, writeDraft } from './draft-storage';
import { keepFile, listFiles, resetFileStoreForTests, type StoredFile } from './file-queue';
import { forgetLostSession } from './forget-user';
import { replayPendingSaves, sendQueuedSave, type ReplayEvents, type SendSave } from './save-queue';

const file = (key: string, userId: string, state: StoredFile['state']): StoredFile => ({
  key,
  userId,
  installationId: 42,
  fleet: 'sono',
  type: 'pvModules',
  name: `${key}.jpg`,
  format: 'jpg',
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1])], { type: 'image/jpeg' }) as unknown as globalThis.Blob,
  isPrepared: true,
  state,
  idempotencyKey: `idem-${key}`,
  problem: null,
  pickedAt: '2026-11-27T07:00:00.000Z',
});

const events = (): ReplayEvents => ({ onSending: vi.fn(), onReceived: vi.fn(), onSaved: vi.fn(), onOffline: vi.fn(), onRefused: vi.fn() });
const unauthorized = () => new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'The sign-in has expired or is not valid' });

const vehicleKey = draftKey('u1', 42, 'vehicle');
const newGeneralKey = draftKey('u1', 'new', 'general');
const otherUserKey = draftKey('u2', 42, 'general');

/** u1 saved the vehicle tab offline (the server then answered 401), typed on a new installation, and has one picked and one queued photo. */
async function deviceOfFirstUser(): Promise<void> {
  const result = await sendQueuedSave(
    { key: vehicleKey, request: { endpoint: 'update', installationId: 42, body: { version: 3, name: 'Bus 7' } }, values: { name: 'Bus 7' }, tab: 'vehicle', installation: 42, fleet: 'sono' },
    { onSaved: vi.fn(), send: vi.fn<SendSave>().mockRejectedValue(unauthorized()) },
  );
  // A 401 is no refusal of the save: it stays for its user.
  expect(result).toEqual({ outcome: 'offline' });
  await writeDraft(vehicleKey, { values: { name: 'Bus 7 depot' }, savedAt: '2026-11-27T07:01:00.000Z' });
  await writeDraft(newGeneralKey, { values: { systemSerialNumber: 'SN-SECRET-1' }, savedAt: '2026-11-27T07:02:00.000Z' });
  await writeDraft(otherUserKey, { values: { name: 'u2 typing' }, savedAt: '2026-11-27T07:03:00.000Z' });
  await keepFile(file('picked', 'u1', 'picked'));
  await keepFile(file('queued', 'u1', 'queued'));
}

describe('a session lost to a 401', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetDraftStoreForTests();
    resetFileStoreForTests();
  });

  it('forgets what was only typed or picked, and keeps the saved work that waits, bound to its user', async () => {
    await deviceOfFirstUser();
    await forgetLostSession('u1');

    expect(await readDraft(newGeneralKey)).toBeUndefined();
    expect((await listFiles('u1')).map((f) => f.key)).toEqual(['queued']);
    expect(await pendingDraftKeys('u1')).toEqual([vehicleKey]);
    // The draft beside a waiting save holds what was typed after it: it stays with it.
    expect(await readDraft(vehicleKey)).toMatchObject({ values: { name: 'Bus 7 depot' } });
    // Nothing of another user is touched.
    expect(await readDraft(otherUserKey)).toMatchObject({ values: { name: 'u2 typing' } });
  });

  it('sends the waiting work only when the same user signs in again, never in another user’s name', async () => {
    await deviceOfFirstUser();
    await forgetLostSession('u1');

    const asOther = vi.fn<SendSave>();
    await replayPendingSaves('u2', events(), asOther);
    expect(asOther).not.toHaveBeenCalled();
    expect(await listFiles('u2')).toEqual([]);
    expect(await readPendingSave(vehicleKey)).toBeDefined();

    const asFirst = vi.fn<SendSave>().mockResolvedValue(createInstallation({ id: 42, version: 4 }));
    await replayPendingSaves('u1', events(), asFirst);
    expect(asFirst).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'update', installationId: 42, body: { version: 3, name: 'Bus 7' } }));
    expect(await pendingDraftKeys('u1')).toEqual([]);
  });

  it('keeps a waiting save that a replay sends into a 401, instead of dropping it as refused', async () => {
    await deviceOfFirstUser();
    const replay = events();
    await replayPendingSaves('u1', replay, vi.fn<SendSave>().mockRejectedValue(unauthorized()));
    expect(replay.onRefused).not.toHaveBeenCalled();
    expect(replay.onOffline).toHaveBeenCalledWith(vehicleKey);
    expect(await readPendingSave(vehicleKey)).toBeDefined();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import type { Installation } from '@portal/domain/installation';
import { ApiError, errorFromTransport } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { fleetKeys, installationKeys } from '@/lib/query-keys';
import { createInstallation } from '../testing/installation-factory';
import { draftKey, pendingDraftKeys, readDraft, readLocalLink, readPendingSave, readRefusals, resetDraftStoreForTests, writeDraft, writePendingSave } from './draft-storage';
import { discardLocalInstallation, localInstallationIds, startOfflineInstallation } from './offline-create';
import { refusalText } from './serial-refusals';
import { replayPendingSaves, sendQueuedSave, type ReplayEvents, type SendSave } from './save-queue';
import type { PendingSave } from './save-request';

const events = (): ReplayEvents => ({ onSending: vi.fn(), onReceived: vi.fn(), onSaved: vi.fn(), onOffline: vi.fn(), onRefused: vi.fn() });
const create = { endpoint: 'create' as const, body: { fleet: 'sono', systemSerialNumber: 'SN-NEW-0001', startDate: '2026-11-27', name: 'Bus 4713', comments: null }, idempotencyKey: 'create-1' };

/** A server double that answers in turn and records what came. */
function server(...answers: (Installation | Error)[]) {
  const received: PendingSave[] = [];
  const send = vi.fn<SendSave>(async (save) => {
    received.push(save);
    const answer = answers.shift();
    if (!answer || answer instanceof Error) throw answer ?? new Error('unexpected');
    return answer;
  });
  return { send, received };
}

/** The general tab's create found no network, and the installation went on on the device. */
async function startedOffline(queryClient = new QueryClient()) {
  queryClient.setQueryData(fleetKeys.detail('sono'), { slug: 'sono', name: 'Sono', role: 'installer', customer: { name: 'Sono Motors GmbH', primaryContact: 'Laurin Hahn', emailAddress: 'fleet@sono.example' }, admins: [], hasOwnInstallations: false });
  await writePendingSave(draftKey('u1', 'new', 'general'), { save: create, values: { name: 'Bus 4713' }, tab: 'general', installation: 'new', fleet: 'sono', createdAt: '2026-11-27T07:00:00.000Z' });
  await writeDraft(draftKey('u1', 'new', 'general'), { values: { name: 'Bus 4713' }, savedAt: '2026-11-27T07:00:00.000Z' });
  const local = (await startOfflineInstallation(queryClient, 'u1', 'sono'))!;
  return { local, queryClient };
}

/** The customer tab confirmed on the device, its save waiting behind the create. */
async function customerConfirmedOffline(localId: number) {
  await writePendingSave(draftKey('u1', localId, 'customer'), {
    save: { endpoint: 'update', installationId: localId, body: { version: 0, customerDataConfirmed: true }, idempotencyKey: 'customer-1' },
    values: {},
    tab: 'customer',
    installation: localId,
    fleet: 'sono',
    createdAt: '2026-11-27T07:01:00.000Z',
  });
}

describe('an installation started offline', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetDraftStoreForTests();
  });

  it('gets an id of the device, its customer from the fleet, and frees the new installation’s place', async () => {
    const { local, queryClient } = await startedOffline();
    expect(local.id).toBeLessThan(0);
    expect(local).toMatchObject({ systemSerialNumber: 'SN-NEW-0001', name: 'Bus 4713', status: 'draft', version: 0 });
    expect(local.system.customer.name).toBe('Sono Motors GmbH');
    expect(queryClient.getQueryData(installationKeys.detail(local.id))).toEqual(local);
    expect(await pendingDraftKeys('u1')).toEqual([draftKey('u1', local.id, 'general')]);
    expect(await readDraft(draftKey('u1', 'new', 'general'))).toBeUndefined();
  });

  it('never sends a save of it before the server created it', async () => {
    const { local } = await startedOffline();
    const { send } = server();
    const result = await sendQueuedSave(
      { key: draftKey('u1', local.id, 'customer'), request: { endpoint: 'update', installationId: local.id, body: { version: 0, customerDataConfirmed: true } }, values: {}, tab: 'customer', installation: local.id, fleet: 'sono' },
      { onSaved: vi.fn(), send },
    );
    expect(result).toEqual({ outcome: 'offline' });
    expect(send).not.toHaveBeenCalled();
  });

  it('back online sends the create first, then the later tabs to the id the server gave, each on the version the one before made', async () => {
    const { local } = await startedOffline();
    const vehicleKey = draftKey('u1', local.id, 'vehicle');
    await customerConfirmedOffline(local.id);
    const vehicle = { vin: 'WMA06XZZ5LM123458' } as unknown as Extract<PendingSave, { endpoint: 'vehicle' }>['body'];
    await writePendingSave(vehicleKey, {
      save: { endpoint: 'vehicle', installationId: local.id, body: { ...vehicle, version: 0 }, idempotencyKey: 'vehicle-1' },
      values: {},
      tab: 'vehicle',
      installation: local.id,
      fleet: 'sono',
      createdAt: '2026-11-27T07:02:00.000Z',
    });
    await writeDraft(vehicleKey, { values: {}, savedAt: '2026-11-27T07:02:00.000Z' });

    // Still offline: the create waits, and the saves behind it are not tried.
    const offline = server(errorFromTransport(new Error('Failed to fetch')));
    await replayPendingSaves('u1', events(), offline.send);
    expect(offline.received.map((save) => save.endpoint)).toEqual(['create']);

    const { send, received } = server(createInstallation({ id: 77, version: 1 }), createInstallation({ id: 77, version: 2 }), createInstallation({ id: 77, version: 3 }));
    const replay = events();
    await replayPendingSaves('u1', replay, send);
    expect(received).toEqual([
      create,
      { endpoint: 'update', installationId: 77, body: { version: 1, customerDataConfirmed: true }, idempotencyKey: 'customer-1' },
      expect.objectContaining({ endpoint: 'vehicle', installationId: 77, body: expect.objectContaining({ version: 2, vin: 'WMA06XZZ5LM123458' }), idempotencyKey: 'vehicle-1' }),
    ]);
    expect(replay.onSaved).toHaveBeenCalledWith(draftKey('u1', local.id, 'general'), expect.objectContaining({ id: 77 }), expect.objectContaining({ localId: local.id }));
    expect(await readLocalLink('u1', local.id)).toEqual({ id: 77, fleet: 'sono', version: 3 });
    expect(await pendingDraftKeys('u1')).toEqual([]);
    expect(await readPendingSave(vehicleKey)).toBeUndefined();
    expect(await readDraft(vehicleKey)).toBeUndefined();
  });

  it('refused by the server (a colleague recorded the system meanwhile), stays on the device with why, and goes only when discarded', async () => {
    const { local, queryClient } = await startedOffline();
    const customerKey = draftKey('u1', local.id, 'customer');
    await customerConfirmedOffline(local.id);
    const details = { field: 'systemSerialNumber', serialNumber: 'SN-NEW-0001', installationId: 12, installationName: 'Bus 4713 (Anna)', status: 'draft', fleet: 'sono' };
    const taken = new ApiError({ status: 409, code: 'SYSTEM_ALREADY_INSTALLED', message: 'The system with this product serial number already exists', details });
    const { send, received } = server(taken);
    const replay = events();
    await replayPendingSaves('u1', replay, send);

    // Only the create went; nothing behind it is sent to an installation that does not exist.
    expect(received.map((save) => save.endpoint)).toEqual(['create']);
    const refusal = { localId: local.id, fleet: 'sono', name: 'Bus 4713', serialNumber: 'SN-NEW-0001', code: 'SYSTEM_ALREADY_INSTALLED', message: taken.message, details, at: expect.any(String) };
    expect(replay.onRefused).toHaveBeenCalledWith(draftKey('u1', local.id, 'general'), false, refusal);
    expect(await readRefusals('u1')).toEqual([refusal]);
    expect(await pendingDraftKeys('u1')).toEqual([customerKey]);
    expect(localInstallationIds([], 'sono', await readRefusals('u1'))).toEqual([local.id]);
    expect(refusalText(i18n.t, (await readRefusals('u1'))[0]!)).toBe('SN-NEW-0001 already has an installation in this fleet: “Bus 4713 (Anna)”, in progress.');
    // The next replay does not try it again.
    const again = server();
    await replayPendingSaves('u1', events(), again.send);
    expect(again.send).not.toHaveBeenCalled();

    await discardLocalInstallation(queryClient, 'u1', local.id);
    expect(await readRefusals('u1')).toEqual([]);
    expect(await pendingDraftKeys('u1')).toEqual([]);
    expect(queryClient.getQueryData(installationKeys.detail(local.id))).toBeUndefined();
  });
});

describe('the installations started offline that wait on the device', () => {
  it('are those of the fleet under an id of the device, each once, the newest first', () => {
    const waiting = [
      { installation: -1_000, fleet: 'sono' },
      { installation: -3_000, fleet: 'sono' },
      { installation: -1_000, fleet: 'sono' },
      { installation: -2_000, fleet: 'other' },
      { installation: 42, fleet: 'sono' },
      { installation: 'new' as const, fleet: 'sono' },
    ];
    expect(localInstallationIds(waiting, 'sono')).toEqual([-3_000, -1_000]);
    expect(localInstallationIds(waiting, 'other')).toEqual([-2_000]);
    expect(localInstallationIds([], 'sono')).toEqual([]);
    // Refused ones the device still holds count too, once.
    expect(localInstallationIds(waiting, 'sono', [{ localId: -1_000, fleet: 'sono' }, { localId: -4_000, fleet: 'sono' }, { localId: -5_000, fleet: 'other' }])).toEqual([-4_000, -3_000, -1_000]);
  });
});

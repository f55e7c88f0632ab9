import { beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FleetMembership, Me } from '@portal/domain/fleet';
import { deletePendingSave, draftKey, pendingDraftKeys, readRefusals, resetDraftStoreForTests, writePendingSave, writeRefusal, type StoredPendingSave } from '@/features/installation-wizard/lib/draft-storage';
import { fleetBody, resetSessionAroundEachTest, startApp } from '@/test/start-app';

const slow = { timeout: 5000 };
const sono: FleetMembership = { slug: 'sono', name: 'Sono Demo Fleet', role: 'installer' };
const me: Me = { id: 'u1', name: 'Ina Installer', email: 'ina@example.com', company: null, fleets: [sono], isOperator: false };

/** An installation started offline on 2026-11-28 at 07:00 UTC: the device's own id is minus that moment. */
const LOCAL_ID = -Date.UTC(2026, 10, 28, 7);
const created = '2026-11-28T07:00:00.000Z';

function waitingSave(overrides: Partial<StoredPendingSave> & Pick<StoredPendingSave, 'save' | 'tab'>): StoredPendingSave {
  return { values: {}, installation: LOCAL_ID, fleet: 'sono', createdAt: created, ...overrides };
}

/** What the device keeps of an installation started offline: its create, and a vehicle save waiting behind it. */
async function startedOffline() {
  const body = { systemSerialNumber: 'SN-OFF-4713', name: 'Bus 4713 Betriebshof', startDate: '2026-11-28' };
  await writePendingSave(draftKey('u1', LOCAL_ID, 'general'), waitingSave({ save: { endpoint: 'create', body, idempotencyKey: 'k-create' }, tab: 'general', localId: LOCAL_ID }));
  const vehicle = { endpoint: 'vehicle' as const, installationId: LOCAL_ID, body: { version: 0 } as never, idempotencyKey: 'k-vehicle' };
  await writePendingSave(draftKey('u1', LOCAL_ID, 'vehicle'), waitingSave({ save: vehicle, tab: 'vehicle', createdAt: '2026-11-28T07:05:00.000Z' }));
  // Neither another fleet's installation started offline, nor a save of one the server knows, belongs here.
  const elsewhere = { endpoint: 'create' as const, body: { ...body, name: 'Truck elsewhere' }, idempotencyKey: 'k-other' };
  await writePendingSave(draftKey('u1', LOCAL_ID - 1, 'general'), waitingSave({ save: elsewhere, tab: 'general', installation: LOCAL_ID - 1, localId: LOCAL_ID - 1, fleet: 'other' }));
  const known = { endpoint: 'update' as const, installationId: 42, body: { version: 3 } as never, idempotencyKey: 'k-42' };
  await writePendingSave(draftKey('u1', 42, 'customer'), waitingSave({ save: known, tab: 'customer', installation: 42 }));
}

function start() {
  return startApp('/sono', {
    'GET /api/me': { body: me },
    'GET /api/fleets/sono': { body: fleetBody(sono) },
    'GET /api/installations': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
    // The portal is out of reach: what waits keeps waiting.
    'POST /api/installations': () => {
      throw new TypeError('Failed to fetch');
    },
    'PUT /api/installations/42': () => {
      throw new TypeError('Failed to fetch');
    },
  });
}

resetSessionAroundEachTest();
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDraftStoreForTests();
});

describe('the fleet home', { timeout: 20_000 }, () => {
  it('shows nothing of the device when nothing started offline waits', async () => {
    start();
    expect(await screen.findByRole('heading', { name: 'Installations' }, slow)).toBeTruthy();
    expect(screen.queryByTestId('device-installations')).toBeNull();
  });

  it('lists an installation started offline, which the fleet list cannot show yet, with the way back into it, until the server has it', async () => {
    await startedOffline();
    const { queryClient } = start();
    // The device's copy of it, as the wizard left it.
    queryClient.setQueryData(['installation', LOCAL_ID], { id: LOCAL_ID, fleet: 'sono', name: 'Bus 4713 Betriebshof', systemSerialNumber: 'SN-OFF-4713' });

    const section = await screen.findByTestId('device-installations', undefined, slow);
    expect(within(section).getByRole('heading', { name: 'Started on this device' })).toBeTruthy();
    const entries = within(section).getAllByTestId('device-installation');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.textContent).toContain('Bus 4713 Betriebshof');
    expect(entries[0]!.textContent).toContain('SN-OFF-4713');
    expect(entries[0]!.textContent).toContain('2 changes waiting');
    const open = within(entries[0]!).getByRole('link', { name: 'Continue “Bus 4713 Betriebshof”' });
    expect(open.getAttribute('href')).toBe(`/sono/installations/${LOCAL_ID}?tab=vehicle`);

    // The server created it and took its saves: it is in the fleet's list from now on, and leaves this one.
    await Promise.all([deletePendingSave(draftKey('u1', LOCAL_ID, 'general')), deletePendingSave(draftKey('u1', LOCAL_ID, 'vehicle'))]);
    await waitFor(() => expect(screen.queryByTestId('device-installations')).toBeNull(), slow);
  });

  it('keeps one the server refused to create, says why, leads to the installation that has the system, and discards it on request', async () => {
    const vehicle = { endpoint: 'vehicle' as const, installationId: LOCAL_ID, body: { version: 0 } as never, idempotencyKey: 'k-vehicle' };
    await writePendingSave(draftKey('u1', LOCAL_ID, 'vehicle'), waitingSave({ save: vehicle, tab: 'vehicle' }));
    const details = { serialNumber: 'SN-OFF-4713', installationId: 12, installationName: 'Bus 4713 (Anna)', status: 'draft', fleet: 'sono' };
    await writeRefusal('u1', { localId: LOCAL_ID, fleet: 'sono', name: 'Bus 4713 Betriebshof', serialNumber: 'SN-OFF-4713', code: 'SYSTEM_ALREADY_INSTALLED', message: 'taken', details, at: created });
    start();

    const refused = await screen.findByTestId('device-installation-refused', undefined, slow);
    const entry = screen.getByTestId('device-installation');
    expect(entry.textContent).toContain('Bus 4713 Betriebshof');
    expect(refused.textContent).toBe(
      'Not created: the portal did not accept its first save. SN-OFF-4713 already has an installation in this fleet: “Bus 4713 (Anna)”, in progress.',
    );
    expect(within(entry).getByRole('link', { name: 'Open “Bus 4713 (Anna)” and continue' }).getAttribute('href')).toBe('/sono/installations/12');
    expect(within(entry).getByRole('link', { name: 'Show the entries of “Bus 4713 Betriebshof”' }).getAttribute('href')).toBe(`/sono/installations/${LOCAL_ID}?tab=vehicle`);
    expect(within(entry).queryByRole('link', { name: /^Continue/ })).toBeNull();

    fireEvent.click(within(entry).getByRole('button', { name: 'Discard “Bus 4713 Betriebshof”' }));
    const dialog = await screen.findByTestId('discard-device-installation');
    expect(dialog.textContent).toContain('Delete “Bus 4713 Betriebshof” and everything entered for it from this device?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('device-installations')).toBeNull(), slow);
    expect(await pendingDraftKeys('u1')).toEqual([]);
    expect(await readRefusals('u1')).toEqual([]);
  });
});

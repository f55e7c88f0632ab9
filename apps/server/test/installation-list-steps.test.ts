import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTruckInput, passingSetupOf } from '@portal/domain/testing/vehicle';
import { todayIn } from '@portal/domain/time';
import { bearer, draftInstallation, readyToSubmit, useTestApp, type TestContext } from './helper';
import { dataUrl, makeJpeg } from './files';

const ctx = useTestApp();

type Item = { systemSerialNumber: string; status: string; step: string | null };
type Headers = Record<string, string>;

const ALICE = 'steps-alice@example.com';
const BOB = 'steps-bob@example.com';

const list = async (c: TestContext, h: Headers, query = '') => {
  const res = await c.app.inject({ url: `/api/installations?fleet=sono${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Item[];
};
const serials = (items: Item[]) => items.map((i) => i.systemSerialNumber);
const stepsOf = (items: Item[]) => Object.fromEntries(items.map((i) => [i.systemSerialNumber, i.step]));

/** A draft saved up to its uploads: customer, vehicle, setup (which starts the digital check) and both required photos. */
async function upToUploads(c: TestContext, serial: string, email: string) {
  const { h, id } = await draftInstallation(c, serial, email);
  let current = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
  current = (await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: current.version, customerDataConfirmed: true } })).json();
  current = (await c.app.inject({ method: 'POST', url: `/api/installations/${id}/vehicle`, headers: h, payload: { version: current.version, ...createTruckInput() } })).json();
  const setup = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: h, payload: { version: current.version, controllers: passingSetupOf(current.system.chargeControllers) } });
  expect(setup.statusCode, setup.body).toBe(200);
  return { h, id };
}

async function addPhoto(c: TestContext, h: Headers, id: number) {
  const res = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload: [{ type: 'pvModules', name: 'modules.jpg', file: dataUrl('image/jpeg', makeJpeg(24, 24, id)) }] });
  expect(res.statusCode, res.body).toBe(201);
}

/** Moves when a draft was last saved, as a write of the API would: answered once the read cache has heard of it. */
async function setUpdatedAt(c: TestContext, serial: string, at: Date) {
  await c.database.db.execute(sql`update installation set updated_at = ${at.toISOString()}::timestamptz where system_serial = ${serial}`);
  await c.app.readCache.settle();
}

/**
 * Fleet sono, created in this order:
 *   SN-DEMO-0001  alice  draft, general only
 *   SN-DEMO-0002  bob    draft, customer confirmed
 *   SN-DEMO-0003  alice  draft, setup saved (its check runs), then photos
 *   SN-DEMO-0004  bob    draft, every check passed
 *   SN-DEMO-0005  bob    completed
 */
async function seed(c: TestContext) {
  const alice = bearer(await c.tokenFor(ALICE));
  const bob = bearer(await c.tokenFor(BOB));
  await draftInstallation(c, 'SN-DEMO-0001', ALICE);
  const second = await draftInstallation(c, 'SN-DEMO-0002', BOB);
  const version = (await c.app.inject({ url: `/api/installations/${second.id}`, headers: bob })).json().version;
  await c.app.inject({ method: 'PUT', url: `/api/installations/${second.id}`, headers: bob, payload: { version, customerDataConfirmed: true } });
  const third = await upToUploads(c, 'SN-DEMO-0003', ALICE);
  await readyToSubmit(c, 'SN-DEMO-0004', BOB);
  const fifth = await readyToSubmit(c, 'SN-DEMO-0005', BOB);
  const submitted = await c.app.inject({ method: 'POST', url: `/api/installations/${fifth.id}/submit`, headers: bob, payload: { summaryDataConfirmed: true } });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { alice, bob, third };
}

let seeded: Awaited<ReturnType<typeof seed>> | undefined;
const seededApp = async () => {
  const c = await ctx();
  seeded ??= await seed(c);
  return { c, ...seeded };
};

describe('the step a draft reached, in the list', () => {
  it('each draft says the furthest step it saved, a completed installation none; the first page and a search agree', async () => {
    const { c, alice, bob, third } = await seededApp();
    // A saved setup starts the digital check: that alone is no step further than the setup.
    expect(stepsOf(await list(c, alice))).toMatchObject({ 'SN-DEMO-0003': 'setup' });

    await addPhoto(c, alice, third.id);
    const expected = { 'SN-DEMO-0001': 'general', 'SN-DEMO-0002': 'customer', 'SN-DEMO-0003': 'uploads', 'SN-DEMO-0004': 'digitalCheck', 'SN-DEMO-0005': null };
    // Read twice: the second answer of the first page comes from the read cache.
    expect(stepsOf(await list(c, bob))).toEqual(expected);
    expect(stepsOf(await list(c, bob))).toEqual(expected);
    expect(stepsOf(await list(c, bob, '&q=SN-DEMO'))).toEqual(expected);
    const { 'SN-DEMO-0005': completed, ...drafts } = expected;
    expect(completed).toBeNull();
    expect(stepsOf(await list(c, bob, '&status=draft'))).toEqual(drafts);
  });

  it('a file added or removed is in the next read of the list', async () => {
    const { c, alice, third } = await seededApp();
    const uploads = (await c.app.inject({ url: `/api/installations/${third.id}/uploads`, headers: alice })).json() as { id: number }[];
    await list(c, alice);
    // The first page is held in memory now: only the database's announcement can make it go.
    expect(c.app.readCache.size.lists).toBeGreaterThan(0);
    const removed = await c.app.inject({ method: 'DELETE', url: `/api/installations/${third.id}/uploads`, headers: alice, payload: { ids: uploads.map((u) => u.id) } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(stepsOf(await list(c, alice))['SN-DEMO-0003']).toBe('setup');
    await addPhoto(c, alice, third.id);
    expect(stepsOf(await list(c, alice))['SN-DEMO-0003']).toBe('uploads');
  });
});

describe("the caller's own drafts of today first", () => {
  it('puts the own drafts saved today first, newest first, then the rest in the order asked for', async () => {
    const { c, alice, bob } = await seededApp();
    const own = '&ownDraftsFirst=true&tz=Europe/Berlin';
    expect(serials(await list(c, alice))).toEqual(['SN-DEMO-0005', 'SN-DEMO-0004', 'SN-DEMO-0003', 'SN-DEMO-0002', 'SN-DEMO-0001']);
    expect(serials(await list(c, alice, own))).toEqual(['SN-DEMO-0003', 'SN-DEMO-0001', 'SN-DEMO-0005', 'SN-DEMO-0004', 'SN-DEMO-0002']);
    // A completed installation of one's own is not work to pick up again.
    expect(serials(await list(c, bob, own))).toEqual(['SN-DEMO-0004', 'SN-DEMO-0002', 'SN-DEMO-0005', 'SN-DEMO-0003', 'SN-DEMO-0001']);
    // Pages split the same order; the searching path orders alike.
    expect(serials(await list(c, bob, `${own}&pageSize=2&page=2`))).toEqual(['SN-DEMO-0005', 'SN-DEMO-0003']);
    expect(serials(await list(c, bob, `${own}&q=SN-DEMO`))).toEqual(['SN-DEMO-0004', 'SN-DEMO-0002', 'SN-DEMO-0005', 'SN-DEMO-0003', 'SN-DEMO-0001']);
    expect(serials(await list(c, bob, `${own}&sort=systemSerialNumber&order=asc`))).toEqual(['SN-DEMO-0002', 'SN-DEMO-0004', 'SN-DEMO-0001', 'SN-DEMO-0003', 'SN-DEMO-0005']);

    // Saved two days ago: no longer today's.
    await setUpdatedAt(c, 'SN-DEMO-0004', new Date(Date.now() - 2 * 24 * 3600_000));
    expect(serials(await list(c, bob, own))).toEqual(['SN-DEMO-0002', 'SN-DEMO-0005', 'SN-DEMO-0004', 'SN-DEMO-0003', 'SN-DEMO-0001']);
    expect(serials(await list(c, bob, `${own}&q=SN-DEMO`))).toEqual(['SN-DEMO-0002', 'SN-DEMO-0005', 'SN-DEMO-0004', 'SN-DEMO-0003', 'SN-DEMO-0001']);
  });

  it("today is the day in the time zone the list is asked for (the device's)", async () => {
    const { c, bob } = await seededApp();
    // Twelve hours ago is today where it is afternoon now, and yesterday where it is morning.
    const savedAt = new Date(Date.now() - 12 * 3600_000);
    await setUpdatedAt(c, 'SN-DEMO-0002', savedAt);
    await setUpdatedAt(c, 'SN-DEMO-0004', new Date(Date.now() - 2 * 24 * 3600_000));
    const zones = ['Pacific/Pago_Pago', 'Pacific/Honolulu', 'America/Los_Angeles', 'America/Chicago', 'America/New_York', 'America/Sao_Paulo', 'Atlantic/Cape_Verde', 'UTC'];
    zones.push('Europe/Berlin', 'Europe/Moscow', 'Asia/Dubai', 'Asia/Karachi', 'Asia/Dhaka', 'Asia/Bangkok', 'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Brisbane', 'Pacific/Noumea', 'Pacific/Tongatapu', 'Pacific/Kiritimati');
    const today = zones.filter((tz) => todayIn(tz).start <= savedAt);
    expect(today.length).toBeGreaterThan(0);
    expect(today.length).toBeLessThan(zones.length);
    for (const tz of zones) {
      const first = serials(await list(c, bob, `&ownDraftsFirst=true&tz=${encodeURIComponent(tz)}`))[0];
      expect(first === 'SN-DEMO-0002', tz).toBe(today.includes(tz));
    }
  });

  it('refuses a time zone it does not know with the error envelope, and another fleet answers 404', async () => {
    const { c, alice } = await seededApp();
    const bad = await c.app.inject({ url: '/api/installations?fleet=sono&ownDraftsFirst=true&tz=Mars%2FOlympus', headers: alice });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, code: expect.any(String), message: expect.any(String) });
    const acme = await c.app.inject({ url: '/api/installations?fleet=acme&ownDraftsFirst=true&tz=UTC', headers: alice });
    expect(acme.statusCode).toBe(404);
    expect(acme.json()).toMatchObject({ status: 404 });
  });
});

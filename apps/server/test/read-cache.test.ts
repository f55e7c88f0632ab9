import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { openDatabase } from '../src/db/client';
import { installation, user } from '../src/db/schema';
import { READ_CACHE_CHANNEL, ReadCache } from '../src/services/read-cache';
import { bearer, cookieHeader, createTestApp, engine, ORIGIN, signInWithCode, useTestApp, type TestContext } from './helper';

const ctx = useTestApp();

const detailOf = (c: TestContext, headers: Record<string, string>, id: number) => c.app.inject({ url: `/api/installations/${id}`, headers });

async function draft(c: TestContext, headers: Record<string, string>, serial: string) {
  const res = await c.app.inject({ method: 'POST', url: '/api/installations', headers, payload: { systemSerialNumber: serial, startDate: '2026-11-20', name: `Bus ${serial}` } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; version: number };
}

describe('reads kept in memory are never older than the writes before them', () => {
  it('every write through the API is in the next read of the detail', async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('cache-writer@example.com'));
    const { id, version } = await draft(c, h, 'SN-DEMO-0001');
    // Read twice: the second answer is the one kept in memory.
    expect((await detailOf(c, h, id)).json()).toMatchObject({ name: 'Bus SN-DEMO-0001', version });
    expect((await detailOf(c, h, id)).json()).toMatchObject({ name: 'Bus SN-DEMO-0001', version, vehicle: null });

    const put = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { name: 'Renamed bus', startDate: '2026-11-20', version } });
    expect(put.statusCode).toBe(200);
    expect((await detailOf(c, h, id)).json()).toMatchObject({ name: 'Renamed bus', version: put.json().version });

    const vehicle = { type: 'bus', manufacturer: 'MAN', model: "Lion's City 12 E", year: 2023, transmission: 'electric', batteryType: 'HV', batteryCapacity: 480, batteryCapacityUnit: 'kWh', vin: 'WMA12345678909876', licensePlate: 'B-CC 1', mileage: 1000, city: 'Berlin' };
    const saved = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/vehicle`, headers: h, payload: { ...vehicle, version: put.json().version } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await detailOf(c, h, id)).json()).toMatchObject({ vehicle: { vin: 'WMA12345678909876', city: 'Berlin' }, version: saved.json().version });

    // A change to a row many installations show: the fleet's customer, edited by the operator.
    await runAdminCommand({ db: c.database.db, auth: c.app.auth, readCache: c.app.readCache }, { command: 'operator-add', email: 'cache-operator@vendor.example' });
    const op = bearer(await c.tokenFor('cache-operator@vendor.example', []));
    const sono = ((await c.app.inject({ url: '/api/operator/fleets', headers: op })).json() as { id: number; slug: string; name: string; customerName: string; primaryContact: string; email: string }[]).find((f) => f.slug === 'sono')!;
    const edited = await c.app.inject({
      method: 'PUT',
      url: `/api/operator/fleets/${sono.id}`,
      headers: op,
      payload: { slug: sono.slug, name: sono.name, customerName: 'Sono Transit Renamed', primaryContact: sono.primaryContact, email: sono.email },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await detailOf(c, h, id)).json()).toMatchObject({ system: { customer: { name: 'Sono Transit Renamed' } } });

    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h })).statusCode).toBe(204);
    expect((await detailOf(c, h, id)).statusCode).toBe(404);
  });

  it('/api/me follows changes to the person, their company, their fleets and their memberships', async () => {
    const c = await ctx();
    await runAdminCommand({ db: c.database.db, auth: c.app.auth, readCache: c.app.readCache }, { command: 'operator-add', email: 'me-operator@vendor.example' });
    const op = bearer(await c.tokenFor('me-operator@vendor.example', []));
    const company = await c.app.inject({ method: 'POST', url: '/api/operator/companies', headers: op, payload: { name: 'Cache Solar GmbH', shortName: 'CSG', email: 'office@cache-solar.example' } });
    expect(company.statusCode).toBe(201);
    await runAdminCommand({ db: c.database.db, auth: c.app.auth, readCache: c.app.readCache }, { command: 'grant', email: 'me-cached@example.com', fleet: 'sono', role: 'installer', company: 'CSG' });
    const h = bearer(await c.tokenFor('me-cached@example.com'));
    const me = async () => (await c.app.inject({ url: '/api/me', headers: h })).json();
    expect(await me()).toMatchObject({ company: { name: 'Cache Solar GmbH' }, fleets: [{ slug: 'sono', role: 'installer' }] });
    expect(await me()).toMatchObject({ company: { name: 'Cache Solar GmbH' } });

    const renamed = await c.app.inject({ method: 'PUT', url: `/api/operator/companies/${company.json().id}`, headers: op, payload: { name: 'Cache Solar AG', shortName: 'CSG', email: 'office@cache-solar.example' } });
    expect(renamed.statusCode).toBe(200);
    expect(await me()).toMatchObject({ company: { name: 'Cache Solar AG' } });

    const fleets = (await c.app.inject({ url: '/api/operator/fleets', headers: op })).json() as { id: number; slug: string; name: string; customerName: string; primaryContact: string; email: string }[];
    const acme = fleets.find((f) => f.slug === 'acme')!;
    await runAdminCommand({ db: c.database.db, auth: c.app.auth, readCache: c.app.readCache }, { command: 'grant', email: 'me-cached@example.com', fleet: 'acme', role: 'installer' });
    expect((await me()).fleets).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'acme', role: 'installer' })]));
    const edited = await c.app.inject({ method: 'PUT', url: `/api/operator/fleets/${acme.id}`, headers: op, payload: { ...acme, name: 'ACME Renamed' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await me()).fleets).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'acme', name: 'ACME Renamed' })]));
    await runAdminCommand({ db: c.database.db, auth: c.app.auth, readCache: c.app.readCache }, { command: 'revoke', email: 'me-cached@example.com', fleet: 'acme' });
    expect((await me()).fleets.map((f: { slug: string }) => f.slug)).toEqual(['sono']);
  });

  it('a page of the list is shared by the fleet but says per caller what they may delete, and follows every write', async () => {
    const c = await ctx();
    const author = bearer(await c.tokenFor('cache-author@example.com'));
    const colleague = bearer(await c.tokenFor('cache-colleague@example.com'));
    const admin = bearer(await c.tokenFor('cache-list-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
    const page = async (headers: Record<string, string>, extra = '') => {
      const res = await c.app.inject({ url: `/api/installations?fleet=sono&sort=name&order=asc${extra}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; items: { id: number; name: string; canDelete: boolean; vehicle: { vin: string } | null }[] };
    };
    const before = await page(author);
    expect(await page(author)).toEqual(before);

    const { id, version } = await draft(c, author, 'SN-DEMO-0005');
    const listed = await page(author);
    expect(listed.total).toBe(before.total + 1);
    expect(listed.items.find((i) => i.id === id)).toMatchObject({ name: 'Bus SN-DEMO-0005', canDelete: true });
    expect((await page(colleague)).items.find((i) => i.id === id)).toMatchObject({ canDelete: false });
    expect((await page(admin)).items.find((i) => i.id === id)).toMatchObject({ canDelete: true });
    expect((await page(author, '&mine=true')).items.map((i) => i.id)).toEqual([id]);
    expect((await page(colleague, '&mine=true')).items).toEqual([]);

    const put = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: author, payload: { name: 'A renamed bus', startDate: '2026-11-20', version } });
    expect(put.statusCode).toBe(200);
    expect((await page(colleague)).items.find((i) => i.id === id)).toMatchObject({ name: 'A renamed bus' });
    expect((await page(author, '&mine=true')).items).toMatchObject([{ id, name: 'A renamed bus' }]);

    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: author })).statusCode).toBe(204);
    expect(await page(colleague)).toEqual({ ...before, items: before.items.map((i) => ({ ...i, canDelete: false })) });
    expect((await page(author, '&mine=true')).items).toEqual([]);
    // Another fleet's list stays closed, kept pages or not.
    expect((await c.app.inject({ url: '/api/installations?fleet=acme', headers: admin })).statusCode).toBe(404);
  });

  it('a page and a detail held in memory answer each caller by their own role and fleet, and follow a change of role', async () => {
    const c = await ctx();
    const author = bearer(await c.tokenFor('held-author@example.com'));
    const colleague = bearer(await c.tokenFor('held-colleague@example.com'));
    const outsider = bearer(await c.tokenFor('held-outsider@example.com', [{ fleet: 'acme', role: 'admin' }]));
    // The first test's system, free again once it deleted its draft.
    const { id } = await draft(c, author, 'SN-DEMO-0001');
    const listed = async (headers: Record<string, string>) => {
      const res = await c.app.inject({ url: '/api/installations?fleet=sono', headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { id: number; canDelete: boolean }[] }).items.find((i) => i.id === id);
    };
    // Each round reads everything again: from the second on, the answers come from memory.
    for (let round = 0; round < 3; round++) {
      expect(await listed(author)).toMatchObject({ canDelete: true });
      expect(await listed(colleague)).toMatchObject({ canDelete: false });
      expect((await detailOf(c, author, id)).json()).toMatchObject({ id, canDelete: true });
      expect((await detailOf(c, colleague, id)).json()).toMatchObject({ id, canDelete: false });
      expect((await detailOf(c, outsider, id)).statusCode).toBe(404);
      expect((await c.app.inject({ url: '/api/installations?fleet=sono', headers: outsider })).statusCode).toBe(404);
    }
    // The colleague becomes the fleet's admin: the same session's next reads say so.
    await runAdminCommand({ db: c.database.db, auth: c.app.auth, readCache: c.app.readCache }, { command: 'grant', email: 'held-colleague@example.com', fleet: 'sono', role: 'admin' });
    for (let round = 0; round < 2; round++) {
      expect(await listed(colleague)).toMatchObject({ canDelete: true });
      expect((await detailOf(c, colleague, id)).json()).toMatchObject({ id, canDelete: true });
      expect(await listed(author)).toMatchObject({ canDelete: true });
    }
    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: author })).statusCode).toBe(204);
  });

  it('a signed-out session answers 401 and a removed member 404 on the next read', async () => {
    const c = await ctx();
    const admin = bearer(await c.tokenFor('cache-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
    await c.tokenFor('cache-leaver@example.com');
    const { token, cookie } = await signInWithCode(c, 'cache-leaver@example.com');
    const h = bearer(token);
    const { id } = await draft(c, h, 'SN-DEMO-0002');
    for (let i = 0; i < 2; i++) expect((await detailOf(c, h, id)).statusCode).toBe(200);
    expect((await c.app.inject({ url: `/api/installations/${id}/uploads`, headers: h })).statusCode).toBe(200);

    const [leaver] = await c.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'cache-leaver@example.com'));
    const removed = await c.app.inject({ method: 'DELETE', url: `/api/admin/sono/members/${leaver!.id}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await detailOf(c, h, id)).statusCode).toBe(404);
    expect((await c.app.inject({ url: `/api/installations/${id}/uploads`, headers: h })).statusCode).toBe(404);
    // The admin still reads it, and the member's own reads come back with the membership.
    expect((await detailOf(c, admin, id)).statusCode).toBe(200);
    await c.tokenFor('cache-leaver@example.com');
    expect((await detailOf(c, h, id)).statusCode).toBe(200);

    const out = await c.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, ...ORIGIN }, payload: {} });
    expect(out.statusCode).toBe(200);
    for (const url of [`/api/installations/${id}`, `/api/installations/${id}/uploads`]) {
      const res = await c.app.inject({ url, headers: h });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it("every write's answer names it in the cookie portal-written, with the client's last ones; reads and refusals set none", async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('cache-cookie@example.com'));
    const rename = (displayName: string, cookie: string) => c.app.inject({ method: 'PATCH', url: '/api/me', headers: cookie ? { ...h, cookie } : h, payload: { displayName } });
    expect((await c.app.inject({ url: '/api/me', headers: h })).headers['set-cookie']).toBeUndefined();
    const refused = await rename(' ', '');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();

    let cookie = '';
    const held: string[][] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      const res = await rename(name, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const set = [res.headers['set-cookie']].flat()[0];
      expect(set).toMatch(/^portal-written=[^;]+; Max-Age=10; Path=\/api; HttpOnly; SameSite=Lax$/);
      cookie = cookieHeader(set);
      held.push(cookie.slice('portal-written='.length).split('_'));
    }
    // Up to four: the oldest goes first.
    expect(held.map((tokens) => tokens.length)).toEqual([1, 2, 3, 4, 4]);
    expect(new Set(held.flat()).size).toBe(5);
    expect(held[4]!.slice(0, 3)).toEqual(held[3]!.slice(1));
    // This process has heard its own writes: a read with the cookie is answered as any other.
    expect((await c.app.inject({ url: '/api/me', headers: { ...h, cookie } })).json()).toMatchObject({ name: 'Five' });

    // Over https the cookie goes only over https.
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      const token = bearer(await secure.tokenFor('cache-cookie@example.com'));
      const res = await secure.app.inject({ method: 'PATCH', url: '/api/me', headers: token, payload: { displayName: 'Secure' } });
      expect(res.statusCode, res.body).toBe(200);
      expect([res.headers['set-cookie']].flat()[0]).toMatch(/^portal-written=[^;]+; Max-Age=10; Path=\/api; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await secure.close();
    }
  });

  it('a change written by another process is read as soon as the database announces it', async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('cache-elsewhere@example.com'));
    const { id } = await draft(c, h, 'SN-DEMO-0003');
    for (let i = 0; i < 2; i++) expect((await detailOf(c, h, id)).json()).toMatchObject({ name: 'Bus SN-DEMO-0003' });
    // Straight into the database, as another server process or the operator CLI would write.
    await c.database.db.update(installation).set({ name: 'Written elsewhere', version: sql`${installation.version} + 1` }).where(eq(installation.id, id));
    await expect.poll(async () => (await detailOf(c, h, id)).json().name, { timeout: 2000, interval: 20 }).toBe('Written elsewhere');
  });

  it.runIf(engine === 'postgres')('reads go to the database while the listening connection is down, and are kept again once it is back', async () => {
    const c = await ctx();
    const h = bearer(await c.tokenFor('cache-outage@example.com'));
    const { id } = await draft(c, h, 'SN-DEMO-0004');
    for (let i = 0; i < 2; i++) expect((await detailOf(c, h, id)).statusCode).toBe(200);

    await c.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = 'portal-listener'`);
    await expect.poll(() => c.app.readCache.isLive, { timeout: 5000, interval: 10 }).toBe(false);
    // Nothing announces this write to the server now: only a read from the database can see it.
    await c.database.db.update(installation).set({ name: 'Written during the outage' }).where(eq(installation.id, id));
    expect((await detailOf(c, h, id)).json()).toMatchObject({ name: 'Written during the outage' });
    expect(c.app.readCache.size).toEqual({ sessions: 0, details: 0, lists: 0 });

    await expect.poll(() => c.app.readCache.isLive, { timeout: 10_000, interval: 50 }).toBe(true);
    for (let i = 0; i < 2; i++) expect((await detailOf(c, h, id)).json()).toMatchObject({ name: 'Written during the outage' });
    expect(c.app.readCache.size.details).toBeGreaterThan(0);
    await c.database.db.update(installation).set({ name: 'Written after the outage' }).where(eq(installation.id, id));
    await expect.poll(async () => (await detailOf(c, h, id)).json().name, { timeout: 2000, interval: 20 }).toBe('Written after the outage');
  });
});

describe('the read cache itself (embedded database)', () => {
  it('keeps a value only when no change was announced while it was read, and settles on its own NOTIFY', async () => {
    const database = await openDatabase({});
    const cache = new ReadCache(database);
    try {
      await cache.start();
      const announce = (payload: string) => database.db.execute(sql`select pg_notify(${READ_CACHE_CHANNEL}, ${payload})`);
      let reads = 0;
      const load = (value: string) => async () => {
        reads++;
        return { value };
      };

      expect(await cache.installation(1, load('first'))).toEqual({ value: 'first' });
      expect(await cache.installation(1, load('unused'))).toEqual({ value: 'first' });
      expect(reads).toBe(1);

      // A change announced while a read is under way: its value is answered, but not kept.
      let release!: (value: { value: string }) => void;
      await announce('installation:1');
      const slow = cache.installation<{ value: string }>(1, () => new Promise((resolve) => (release = resolve)));
      await announce('installation:1');
      release({ value: 'read before the change' });
      expect(await slow).toEqual({ value: 'read before the change' });
      expect(await cache.installation(1, load('after the change'))).toEqual({ value: 'after the change' });
      expect(reads).toBe(2);

      // Another installation's change leaves this one; 'data' drops every detail.
      await announce('installation:2');
      expect(await cache.installation(1, load('unused'))).toEqual({ value: 'after the change' });
      await announce('data');
      expect(await cache.installation(1, load('after data'))).toEqual({ value: 'after data' });

      // Sessions: kept per session id for their user until they expire or 'auth' is announced.
      const signedIn = { userId: 'u1' };
      expect(await cache.session('s1', 'u1', async () => ({ value: signedIn, expiresAtMs: Date.now() + 60_000 }))).toBe(signedIn);
      expect(await cache.session('s1', 'u1', async () => null)).toBe(signedIn);
      expect(await cache.session('s1', 'u2', async () => null)).toBeNull();
      await announce('auth');
      expect(await cache.session('s1', 'u1', async () => null)).toBeNull();
      expect(await cache.session('s2', 'u1', async () => ({ value: signedIn, expiresAtMs: Date.now() - 1 }))).toBe(signedIn);
      expect(await cache.session('s2', 'u1', async () => null)).toBeNull();

      await cache.settle();
      expect(cache.isLive).toBe(true);
    } finally {
      await cache.stop();
      await database.close();
    }
  });
});

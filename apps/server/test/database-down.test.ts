import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { buildApp } from '../src/app';
import { openDatabase, rowsOf } from '../src/db/client';
import { revokeFleet } from '../src/services/access/access';
import { bearer, createTestApp, dataSnapshot, DEVICE_KEY, draftInstallation, engine, ORIGIN, signInWithCode, type TestContext } from './helper';
import { createProxy } from './tcp-proxy';

describe.skipIf(engine !== 'postgres')('database down', () => {
  let c: TestContext | undefined;
  afterAll(async () => c?.close());

  it('readiness answers 503 with the envelope while PostgreSQL is unreachable, and 200 again once it is back, without a restart', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = createProxy({ host: base.hostname, port: Number(base.port || 5432) });
    const port = await proxy.start();
    c = await createTestApp({ viaProxyPort: port });
    expect((await c.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);

    await proxy.stop();
    const down = await c.app.inject({ url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', details: { database: 'unreachable' } });
    // Liveness: the process itself is fine, so nothing restarts it.
    expect((await c.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await proxy.start();
    await expect.poll(async () => (await c!.app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 15_000 }).toBe(200);
  });
});

describe.skipIf(engine !== 'postgres')('the database going away under the running app', () => {
  const open: TestContext[] = [];
  afterAll(async () => {
    for (const c of open) await c.close().catch(() => {});
  });
  const target = () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    return { host: base.hostname, port: Number(base.port || 5432) };
  };

  it('connections killed in the middle of a transaction fail that request, never the process, and the next request is served', async () => {
    const c = await createTestApp();
    open.push(c);
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'killed@example.com');
    const name = rowsOf<{ name: string }>(await c.database.db.execute(sql`select current_database() as name`))[0]!.name;
    const killer = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    try {
      // Transactions hold their connections while the server ends every one of them (a restart, a failover).
      // Settled from the start: a transaction may fail before the killer's own query has answered.
      const held = Promise.allSettled(
        Array.from({ length: 3 }, () =>
          c.database.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(2)`);
          }),
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
      await killer.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`);
      for (const result of await held) expect(result.status).toBe('rejected');
    } finally {
      await killer.close();
    }
    await expect.poll(async () => (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode, { timeout: 2000, interval: 50 }).toBe(200);
  });

  it('a silent network answers 503 with Retry-After within the statement timeout instead of holding the request', async () => {
    const proxy = createProxy(target());
    const c = await createTestApp({ viaProxyPort: await proxy.start() });
    open.push(c);
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'partition@example.com');
    proxy.freeze();
    const started = Date.now();
    const res = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { name: 'During a partition', startDate: '2026-11-20', version: 0 } });
    expect(res.statusCode, res.body).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThanOrEqual(5500);
    proxy.thaw();
    await proxy.stop();
    await proxy.start();
    await expect.poll(async () => (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode, { timeout: 5000, interval: 50 }).toBe(200);
  });

  it('a listening connection that stays open but goes silent stops the read cache within a few seconds: a revoked member is refused', async () => {
    const proxy = createProxy(target());
    const c = await createTestApp({ listenViaProxyPort: await proxy.start() });
    open.push(c);
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'stalled@example.com');
    for (let i = 0; i < 2; i++) expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode).toBe(200);
    expect(c.app.readCache.size.details).toBe(1);

    proxy.freeze();
    // The revocation's announcement is sent but never heard here.
    await revokeFleet(c.database.db, { email: 'stalled@example.com', fleet: 'sono' });
    const frozeAt = Date.now();
    await expect.poll(async () => (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode, { timeout: 6000, interval: 100 }).toBe(404);
    expect(Date.now() - frozeAt).toBeLessThanOrEqual(5000);
    expect(c.app.readCache.isLive).toBe(false);

    // Once the network is back the cache listens again on a new connection.
    proxy.thaw();
    await expect.poll(() => c.app.readCache.isLive, { timeout: 10_000 }).toBe(true);
    await proxy.stop();
  });
});

/** What each route gets: a real id, a valid body, the session cookie; so only the database can be missing. */
async function requestsForEveryRoute(c: TestContext) {
  const { id } = await draftInstallation(c, 'SN-DEMO-0001', 'down-admin@example.com');
  const h = bearer(await c.tokenFor('down-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
  const { cookie } = await signInWithCode(c, 'down-session@example.com');
  const [fleetRow] = rowsOf<{ id: number }>(await c.database.db.execute(sql`select id from fleet where slug = 'sono'`));
  const values: Record<string, string> = { id: String(id), fleet: 'sono', slug: 'sono', fleetId: String(fleetRow!.id), provider: 'google', serialNumber: 'SN-DEMO-0001', query: 'Berlin', uploadId: '1', userId: 'x', code: 'A'.repeat(24), token: 'A'.repeat(24) };
  const now = new Date().toISOString();
  const bodies: Record<string, unknown> = {
    'POST /api/auth/sign-in/email-otp': { email: 'down-session@example.com', otp: '123456' },
    'POST /api/auth/sign-in/social': { provider: 'google', callbackURL: '/' },
    'POST /api/auth/email/send': { email: 'down-mail@example.com' },
    'POST /api/devices/heartbeats': [{ type: 'telematics-heartbeat', imei: '356938035643801', timestamp: now }],
    'POST /api/partners': { name: 'Down GmbH', email: 'down@example.com' },
  };
  const queries: Record<string, string> = {
    'GET /api/installations': '?fleet=sono',
    'GET /api/auth/magic-link/verify': '?token=abcdef',
    'GET /api/auth/callback/:provider': '?state=abcdef&code=abcdef',
  };
  return c.app.routeTable
    // Liveness answers 200 while the process runs, whatever the database does (readiness says 503).
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url.replace(/\/$/, '') !== '/api/health')
    .map((r) => {
      const key = `${r.method} ${r.url}`;
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1') + (queries[key] ?? '');
      const body = bodies[key] ?? (r.method === 'GET' ? undefined : { version: 0 });
      return {
        key,
        request: {
          method: r.method as 'GET',
          url,
          headers: { ...h, ...ORIGIN, cookie, 'x-api-key': DEVICE_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          payload: body === undefined ? undefined : JSON.stringify(body),
        },
      };
    });
}

async function expectUnavailable(c: TestContext, requests: Awaited<ReturnType<typeof requestsForEveryRoute>>) {
  expect(requests.length).toBeGreaterThan(30);
  for (const { key, request } of requests) {
    const res = await c.app.inject(request);
    expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(503);
    expect(ErrorEnvelopeSchema.parse(res.json()), key).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(res.headers['retry-after']), key).toBeGreaterThan(0);
  }
}

const snapshot = (c: TestContext) => dataSnapshot(c);

describe('every API route while the database is unreachable', () => {
  const open: TestContext[] = [];
  afterAll(async () => {
    for (const c of open) await c.close().catch(() => {});
  });

  it.skipIf(engine !== 'postgres')('answers 503 SERVICE_UNAVAILABLE with Retry-After, stores nothing, and works again once PostgreSQL is back', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = createProxy({ host: base.hostname, port: Number(base.port || 5432) });
    const c = await createTestApp({ viaProxyPort: await proxy.start(), env: { GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret' } });
    open.push(c);
    const requests = await requestsForEveryRoute(c);
    const before = await snapshot(c);
    // A second process that has not read the signing keys yet must not mistake the outage for a bad token.
    const fresh = await buildApp({ env: c.app.env, database: c.database, authSecret: 'another-process-secret-0123456789abcdef', logger: false });
    await fresh.ready();

    await proxy.stop();
    await expectUnavailable(c, requests);
    const me = await fresh.inject({ url: '/api/me', headers: { authorization: requests[0]!.request.headers.authorization } });
    expect(me.statusCode, me.body).toBe(503);
    await fresh.close();

    await proxy.start();
    await expect.poll(async () => (await c.app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 15_000 }).toBe(200);
    expect(await snapshot(c)).toBe(before);
    const partners = requests.find((r) => r.key === 'GET /api/partners')!;
    expect((await c.app.inject(partners.request)).statusCode).toBe(200);
  }, 120_000);

  it.skipIf(engine !== 'pglite')('answers 503 SERVICE_UNAVAILABLE with Retry-After once the embedded database is closed', async () => {
    const c = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret' } });
    open.push(c);
    const requests = await requestsForEveryRoute(c);
    await c.database.close();
    await expectUnavailable(c, requests);
  }, 120_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed';
import { cookieHeader, createPostgresDatabase, createTestApp, DEVICE_KEY, engine, readyToSubmit, TEST_AUTH_SECRET, waitForHealth, type TestContext } from './helper';
import { openEventStream } from './sse-client';

const PGBOUNCER = '/usr/sbin/pgbouncer';
/** Issue 31's port range. */
// Below the ephemeral range (32768 and up), so that no outgoing connection holds it.
const BOUNCER_PORT = 21010;
const SERVER_PORT = 21011;
/** A second PgBouncer, configured otherwise. */
const OTHER_BOUNCER_PORT = 21012;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The server as production starts it, with these database settings; answers its exit code and what it wrote to stderr. */
function startServer(database: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pooled-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(SERVER_PORT),
      PUBLIC_URL: `http://127.0.0.1:${SERVER_PORT}`,
      // The test apps' secret: the database holds their signing keys.
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATA_DIR: dir,
      WEB_DIST: dir,
      LOG_LEVEL: 'warn',
      ...database,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve)).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { proc, exited, stderr: () => stderr };
}

/**
 * Debian's PgBouncer in front of the test server, with fewer server connections than the apps open:
 * in transaction mode unless `settings` say otherwise.
 */
async function startPgBouncer(target: URL, { port = BOUNCER_PORT, settings = ['pool_mode = transaction'] } = {}): Promise<{ proc: ChildProcess; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432} user=${decodeURIComponent(target.username || 'postgres')}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = any',
      ...settings,
      'default_pool_size = 3',
      'unix_socket_dir =',
      '',
    ].join('\n'),
  );
  fs.chmodSync(ini, 0o644);
  // PgBouncer refuses to run as root; it drops to nobody when started as root.
  const args = process.getuid?.() === 0 ? ['-u', 'nobody', ini] : [ini];
  const proc = spawn(PGBOUNCER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(s.end() && true));
      s.on('error', () => resolve(false));
    });
    if (open) break;
    if (i > 50) throw new Error('PgBouncer did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(engine !== 'postgres' || !fs.existsSync(PGBOUNCER))('through PgBouncer in transaction mode (DATABASE_POOLER=transaction)', () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let a: TestContext;
  let b: TestContext;
  let pooled: string;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    const direct = new URL(pgDb.url);
    bouncer = await startPgBouncer(direct);
    pooled = Object.assign(new URL(pgDb.url), { hostname: '127.0.0.1', port: String(BOUNCER_PORT) }).toString();
    // Two processes' worth of pools and listeners, each as the server opens them with these settings.
    const open = () => openDatabase({ url: pooled, directUrl: pgDb.url, pooler: 'transaction', poolSize: 5 });
    const first = await open();
    await first.migrate();
    await seedDemo(first.db);
    a = await createTestApp({ database: first });
    b = await createTestApp({ database: await open() });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await bouncer?.stop();
    await pgDb?.drop();
  });

  it('records a whole installation, with many writes in a row, through the pooler and reads it from the other process', async () => {
    const { h: signedIn, id } = await readyToSubmit(a, 'SN-DEMO-0001', 'bouncer@example.com');
    // A browser's cookie: each write's answer names it, and the other process hears of it before it reads.
    let h: Record<string, string> = signedIn;
    for (let i = 0; i < 10; i++) {
      const current = (await b.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
      const put = await (i % 2 ? a : b).app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: current.version, name: `Rename ${i}` } });
      expect(put.statusCode, put.body).toBe(200);
      h = { ...signedIn, cookie: cookieHeader(put.headers['set-cookie']) };
    }
    const version = (await a.app.inject({ url: `/api/installations/${id}`, headers: h })).json().version as number;
    const submitted = await b.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { version, summaryDataConfirmed: true } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    for (const c of [a, b]) expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json()).toMatchObject({ name: 'Rename 9', status: 'completed' });
    expect(a.app.readCache.isLive && b.app.readCache.isLive).toBe(true);
  });

  it("the live check: a heartbeat posted to one process reaches the other's event stream", async () => {
    const { h, id } = await (async () => {
      const headers = { authorization: `Bearer ${await a.tokenFor('bouncer-live@example.com')}` };
      const created = await a.app.inject({ method: 'POST', url: '/api/installations', headers, payload: { systemSerialNumber: 'SN-DEMO-0002', startDate: '2026-11-20', name: 'Live' } });
      expect(created.statusCode, created.body).toBe(201);
      return { h: headers, id: created.json().id as number };
    })();
    const run = (await a.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json() as { lastEventId: string; checks: { type: string; imei: string }[] };
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (b.app.server.address() as net.AddressInfo).port;
    const received: EventSourceMessage[] = [];
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/installations/${id}/systemChecks/events`, { ...h, 'last-event-id': run.lastEventId }, (m) => received.push(m));
    expect(stream.res.status).toBe(200);
    const telematics = run.checks.find((c) => c.type === 'telematics-heartbeat')!;
    const beat = await a.app.inject({
      method: 'POST',
      url: '/api/devices/heartbeats',
      headers: { 'x-api-key': DEVICE_KEY },
      payload: { type: 'telematics-heartbeat', imei: telematics.imei, timestamp: new Date().toISOString() },
    });
    expect(beat.statusCode).toBe(202);
    await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0);
    stream.close();
  });

  it('a revocation through one process is seen by both at once', async () => {
    const email = 'bouncer-revoked@example.com';
    const h = { authorization: `Bearer ${await a.tokenFor(email)}` };
    const created = await a.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: { systemSerialNumber: 'SN-DEMO-0003', startDate: '2026-11-20', name: 'Revoked' } });
    const { id } = created.json() as { id: number };
    for (const c of [a, b, a, b]) expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode).toBe(200);
    await runAdminCommand({ db: a.database.db, auth: a.app.auth, readCache: a.app.readCache }, { command: 'revoke', email, fleet: 'sono' });
    for (const c of [a, b]) {
      await expect.poll(async () => (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode, { timeout: 2000, interval: 20 }).toBe(404);
    }
  });

  it('a production server the settings do not tell of its pooler refuses to start, and each refusal says what to set', async () => {
    // Each start waits a few seconds for a notification that never comes: the four run side by side.
    const toSet = 'Set DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL to a session connection';
    type Case = { name: string; env?: Record<string, string>; bouncer?: { port: number; settings: string[] }; says: string[] };
    const cases: Case[] = [
      { name: 'transaction mode, DATABASE_POOLER unset', env: { DATABASE_URL: pooled }, says: ['DATABASE_URL seems to go through a transaction pooler', toSet] },
      {
        name: 'transaction mode letting the statement timeout through',
        bouncer: { port: OTHER_BOUNCER_PORT, settings: ['pool_mode = transaction', 'ignore_startup_parameters = statement_timeout'] },
        says: [toSet],
      },
      {
        name: 'session mode',
        bouncer: { port: OTHER_BOUNCER_PORT + 1, settings: ['pool_mode = session'] },
        says: ['goes through a pooler in session mode (it refuses the statement timeout as a start-up parameter, as PgBouncer does). Set DATABASE_POOLER=session.'],
      },
      {
        name: 'DATABASE_DIRECT_URL through the transaction pooler too',
        env: { DATABASE_URL: pooled, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: pooled },
        says: ['DATABASE_DIRECT_URL must be a session connection'],
      },
    ];
    await Promise.all(
      cases.map(async ({ name, env, bouncer, says }) => {
        const other = bouncer && (await startPgBouncer(new URL(pgDb.url), bouncer));
        try {
          const server = startServer(env ?? { DATABASE_URL: Object.assign(new URL(pooled), { port: String(bouncer!.port) }).toString() });
          expect(await server.exited, `${name}: ${server.stderr()}`).toBe(1);
          for (const text of says) expect(server.stderr(), name).toContain(text);
        } finally {
          await other?.stop();
        }
      }),
    );
  }, 90_000);

  it('with DATABASE_POOLER=transaction and DATABASE_DIRECT_URL it starts, and stops with 0', async () => {
    const server = startServer({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: pgDb.url });
    await Promise.race([waitForHealth(`http://127.0.0.1:${SERVER_PORT}`), server.exited.then((code) => Promise.reject(new Error(`exited with ${code}: ${server.stderr()}`)))]);
    expect((await fetch(`http://127.0.0.1:${SERVER_PORT}/api/health/ready`)).status).toBe(200);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

});

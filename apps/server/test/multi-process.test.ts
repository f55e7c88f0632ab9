import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { createAuth } from '../src/auth/auth';
import { openDatabase, type Database } from '../src/db/client';
import { loadEnv } from '../src/env';
import { cookieHeader, createPostgresDatabase, DEVICE_KEY, engine, waitForHealth } from './helper';
import { openEventStream } from './sse-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRET = 'multi-process-secret-multi-process-secret';
const PUBLIC_URL = 'http://localhost:4400';
const ports = { a: 4411, b: 4412 };

interface Server {
  proc: ChildProcess;
  exited: Promise<number | null>;
}

function startServer(port: number, databaseUrl: string): Server {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mp-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      DEVICE_API_KEYS: DEVICE_KEY,
      DEMO: 'true',
      SIMULATOR: 'false',
      CHECK_SWEEP_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { proc, exited: new Promise((resolve) => proc.once('exit', resolve)) };
}

/** Follows a stream like a browser would: on a drop it reconnects with the last id it saw. */
function follow(url: string, headers: Record<string, string>, lastEventId: string) {
  const received: EventSourceMessage[] = [];
  let stopped = false;
  let current: { close(): void } | null = null;
  let connects = 0;
  (async () => {
    while (!stopped) {
      try {
        const last = received.at(-1)?.id ?? lastEventId;
        const stream = await openEventStream(url, { ...headers, 'last-event-id': last }, (m) => received.push(m));
        if (stream.res.status === 200) connects++;
        current = stream;
        await stream.done;
      } catch {
        /* server down: try again */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    received,
    connects: () => connects,
    stop() {
      stopped = true;
      current?.close();
    },
  };
}

describe.skipIf(engine !== 'postgres')('several server processes on one PostgreSQL', () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    a = startServer(ports.a, pgDb.url);
    b = startServer(ports.b, pgDb.url);
    await Promise.all([waitForHealth(`http://127.0.0.1:${ports.a}`), waitForHealth(`http://127.0.0.1:${ports.b}`)]);
    database = await openDatabase({ url: pgDb.url, poolSize: 2 });
  }, 90_000);

  afterAll(async () => {
    for (const s of [a, b]) s?.proc.kill('SIGTERM');
    await Promise.all([a?.exited, b?.exited]);
    await database?.close();
    await pgDb?.drop();
  });

  const A = `http://127.0.0.1:${ports.a}`;
  const B = `http://127.0.0.1:${ports.b}`;

  /** A member of fleet sono, granted by the operator CLI as a third process would: its CLI context and request headers. */
  async function memberOfSono(email: string) {
    const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL, AUTH_SECRET: SECRET, LOG_LEVEL: 'silent' });
    const cli = { db: database.db, auth: createAuth({ env, db: database.db, secret: SECRET }) };
    await runAdminCommand(cli, { command: 'grant', email, fleet: 'sono' });
    const { token } = await runAdminCommand(cli, { command: 'token', email });
    return { cli, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  }

  it('a heartbeat posted to one process reaches a stream held by the other, and a restart loses nothing', async () => {
    const { headers } = await memberOfSono('two-servers@example.com');

    const created = await fetch(`${A}/api/installations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Two servers' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const run = (await (await fetch(`${A}/api/installations/${id}/systemChecks`, { headers })).json()) as { lastEventId: string };

    const beat = (body: object) =>
      fetch(`${A}/api/devices/heartbeats`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': DEVICE_KEY },
        body: JSON.stringify({ imei: '356938035643801', timestamp: new Date().toISOString(), ...body }),
      });

    const stream = follow(`${B}/api/installations/${id}/systemChecks/events`, headers, run.lastEventId);
    await expect.poll(() => stream.connects(), { timeout: 10_000 }).toBe(1);

    expect((await beat({ type: 'telematics-heartbeat' })).status).toBe(202);
    await expect.poll(() => stream.received.length, { timeout: 10_000 }).toBe(1);

    // Stop B (graceful: it ends its streams and exits quickly), post while it is down, start it again.
    const stopStarted = Date.now();
    b.proc.kill('SIGTERM');
    await b.exited;
    expect(Date.now() - stopStarted).toBeLessThan(10_000);
    expect((await beat({ type: 'mcu-heartbeat', controllerSerial: 'CC-DEMO-0001-A' })).status).toBe(202);
    b = startServer(ports.b, pgDb.url);
    await waitForHealth(`http://127.0.0.1:${ports.b}`);
    await expect.poll(() => stream.received.length, { timeout: 15_000 }).toBe(2);
    expect((await beat({ type: 'mcu-heartbeat', controllerSerial: 'CC-DEMO-0001-B' })).status).toBe(202);
    await expect.poll(() => stream.received.length, { timeout: 10_000 }).toBe(3);
    stream.stop();

    const ids = stream.received.map((m) => Number(m.id));
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const changed = stream.received.map((m) => JSON.parse(m.data).check.controllerSerial ?? 'telematics');
    expect(changed).toEqual(['telematics', 'CC-DEMO-0001-A', 'CC-DEMO-0001-B']);
    expect(stream.connects()).toBeGreaterThanOrEqual(2);
  });

  it("a write or a sign-out through one process is in the other's next reads, which it keeps in memory until then", async () => {
    const { cli, headers } = await memberOfSono('two-caches@example.com');
    const created = await fetch(`${A}/api/installations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ systemSerialNumber: 'SN-DEMO-0002', startDate: '2026-11-20', name: 'Read by B' }),
    });
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as { id: number; version: number };
    const read = async (base: string, path: string, withHeaders = headers) => {
      const res = await fetch(`${base}${path}`, { headers: withHeaders });
      return { status: res.status, body: res.status === 200 ? ((await res.json()) as { name?: string; items?: { id: number; name: string }[] }) : null };
    };
    // B reads the detail and the list twice: from then on it answers them from memory.
    for (let i = 0; i < 2; i++) {
      expect((await read(B, `/api/installations/${id}`)).body?.name).toBe('Read by B');
      expect((await read(B, '/api/installations?fleet=sono')).body?.items?.find((item) => item.id === id)?.name).toBe('Read by B');
    }

    const put = await fetch(`${A}/api/installations/${id}`, { method: 'PUT', headers, body: JSON.stringify({ name: 'Renamed through A', startDate: '2026-11-20', version }) });
    expect(put.status).toBe(200);
    // The browser sends back the cookie the write's answer set: B's very next reads have the write.
    const written = { ...headers, cookie: cookieHeader(put.headers.getSetCookie()) };
    expect(written.cookie).toMatch(/^portal-written=/);
    expect((await read(B, `/api/installations/${id}`, written)).body?.name).toBe('Renamed through A');
    expect((await read(B, '/api/installations?fleet=sono', written)).body?.items?.find((item) => item.id === id)?.name).toBe('Renamed through A');

    // The operator CLI, a third process, ends the person's access: both servers refuse as soon as they hear of it.
    await runAdminCommand(cli, { command: 'revoke', email: 'two-caches@example.com', fleet: 'sono' });
    await expect.poll(async () => (await read(B, `/api/installations/${id}`)).status, { timeout: 2000, interval: 10 }).toBe(404);
    await expect.poll(async () => (await read(A, '/api/installations?fleet=sono')).status, { timeout: 2000, interval: 10 }).toBe(404);
  });
});

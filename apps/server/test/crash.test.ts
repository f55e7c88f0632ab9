import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { createAuth } from '../src/auth/auth';
import { openDatabase, rowsOf, type Database } from '../src/db/client';
import { installation, upload } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { dataUrl, makeJpeg } from './files';
import { createPostgresDatabase, engine, waitForHealth } from './helper';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRET = 'crash-test-secret-crash-test-secret-00000';
const PUBLIC_URL = 'http://localhost:4430';
const PORT = 4431;

function start(databaseUrl: string): { proc: ChildProcess; exited: Promise<unknown> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_SECRET: SECRET, DEMO: 'true', SIMULATOR: 'false', LOG_LEVEL: 'fatal', WEB_DIST: dataDir },
    stdio: 'ignore',
  });
  return { proc, exited: new Promise((r) => proc.once('exit', r)) };
}

describe.skipIf(engine !== 'postgres')('kill -9 in the middle of writes', () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let database: Database | undefined;
  let server: ReturnType<typeof start> | undefined;
  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await database?.close();
    await pgDb?.drop();
  });

  it('every acknowledged save and upload survives, nothing is half-written', async () => {
    pgDb = await createPostgresDatabase();
    server = start(pgDb.url);
    await waitForHealth(`http://127.0.0.1:${PORT}`);
    database = await openDatabase({ url: pgDb.url, poolSize: 2 });
    const auth = createAuth({ env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL, AUTH_SECRET: SECRET, LOG_LEVEL: 'silent' }), db: database.db, secret: SECRET });
    await runAdminCommand({ db: database.db, auth }, { command: 'grant', email: 'crash@example.com', fleet: 'sono' });
    const { token } = await runAdminCommand({ db: database.db, auth }, { command: 'token', email: 'crash@example.com' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const base = `http://127.0.0.1:${PORT}`;
    const created = await (
      await fetch(`${base}/api/installations`, { method: 'POST', headers, body: JSON.stringify({ systemSerialNumber: 'SN-DEMO-0003', startDate: '2026-11-20', name: 'v0' }) })
    ).json() as { id: number; version: number };

    // Two writers: renames (each based on the last acknowledged version) and uploads.
    let version = created.version as number;
    const ackedVersions: number[] = [];
    const ackedUploads: { id: number; sha256: string }[] = [];
    let running = true;
    const renames = (async () => {
      while (running) {
        try {
          const res = await fetch(`${base}/api/installations/${created.id}`, { method: 'PUT', headers, body: JSON.stringify({ version, name: `v${version + 1}` }) });
          if (res.status !== 200) break;
          version = ((await res.json()) as { version: number }).version;
          ackedVersions.push(version);
        } catch {
          break;
        }
      }
    })();
    const uploads = (async () => {
      for (let i = 0; running; i++) {
        const bytes = makeJpeg(64, 64, i + 1);
        try {
          const res = await fetch(`${base}/api/installations/${created.id}/uploads`, {
            method: 'POST',
            headers,
            body: JSON.stringify([{ type: 'other', name: `u${i}.jpg`, file: dataUrl('image/jpeg', bytes) }]),
          });
          if (res.status !== 201) {
            if (res.status === 409) continue; // the slot is full: keep the renames going
            break;
          }
          const [saved] = (await res.json()) as { id: number }[];
          ackedUploads.push({ id: saved!.id, sha256: createHash('sha256').update(bytes).digest('hex') });
        } catch {
          break;
        }
      }
    })();

    // Killed once both writers have had saves acknowledged, in the middle of their next ones.
    await vi.waitFor(
      () => {
        expect(ackedVersions.length).toBeGreaterThan(3);
        expect(ackedUploads.length).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 20 },
    );
    server.proc.kill('SIGKILL');
    await server.exited;
    running = false;
    await Promise.all([renames, uploads]);
    expect(ackedVersions.length).toBeGreaterThan(3);
    expect(ackedUploads.length).toBeGreaterThan(0);

    server = start(pgDb.url);
    await waitForHealth(`http://127.0.0.1:${PORT}`);
    const [row] = await database.db.select().from(installation).where(eq(installation.id, created.id));
    const lastAck = ackedVersions.at(-1)!;
    // The last acknowledged rename is there; at most the one in flight committed after it.
    expect([lastAck, lastAck + 1]).toContain(row!.version);
    expect(row!.name).toBe(`v${row!.version}`);
    const stored = await database.db.select({ id: upload.id, sha256: upload.sha256, bytes: upload.bytes }).from(upload).where(eq(upload.installationId, created.id));
    for (const a of ackedUploads) expect(stored.find((s) => s.id === a.id)?.sha256).toBe(a.sha256);
    // Nothing half-written: every stored upload has all its bytes.
    for (const s of stored) expect(createHash('sha256').update(s.bytes!).digest('hex')).toBe(s.sha256);
    const [orphans] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from upload u left join installation i on i.id = u.installation_id where i.id is null`));
    expect(orphans!.n).toBe(0);
    // And the restarted server answers as before.
    const again = await fetch(`${base}/api/installations/${created.id}`, { headers });
    expect(((await again.json()) as { version: number }).version).toBe(row!.version);
  }, 120_000);
});

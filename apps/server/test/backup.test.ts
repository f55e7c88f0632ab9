import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { createAuth } from '../src/auth/auth';
import { unreadableSigningKeys } from '../src/auth/signing-keys';
import { openDatabase, rowsOf, type Db } from '../src/db/client';
import { loadEnv } from '../src/env';
import { backupTables, listTables } from '../src/services/access/backup';
import { engine, openFreshDatabase, PUBLIC_URL, readyToSubmit, useTestApp } from './helper';

const ctx = useTestApp();
const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';
const OTHER_SECRET = 'another-secret-another-secret-another-01';
const REPO = path.resolve(import.meta.dirname, '../../..');

async function contents(db: Db) {
  const out: Record<string, unknown> = {};
  for (const t of await listTables(db)) out[t] = rowsOf(await db.execute(sql.raw(`select * from "${t}" order by 1, 2`)));
  return out;
}

const tmpFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')), name);

async function withTarget<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const target = await openFreshDatabase();
  try {
    return await run(target.database.db);
  } finally {
    await target.database.close();
    await target.drop();
  }
}

/** Runs the operator CLI as a person would, in its own process. */
function adminCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: REPO,
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 110_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('backup and restore', () => {
  it('covers every table of the schema, parents before children', async () => {
    const c = await ctx();
    const tables = (await backupTables(c.database.db)).map((t) => t.name);
    expect([...tables].sort()).toEqual(await listTables(c.database.db));
    const edges = rowsOf<{ child: string; parent: string }>(
      await c.database.db.execute(sql`
        select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and k.conrelid <> k.confrelid`),
    );
    expect(edges.length).toBeGreaterThan(5);
    for (const e of edges) expect(tables.indexOf(e.parent), `${e.parent} before ${e.child}`).toBeLessThan(tables.indexOf(e.child));
  });

  it('round-trips every row (upload bytes included) into an empty database, one line per row, and ids continue after them', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0002', 'backup@example.com');
    const tableCount = (await listTables(c.database.db)).length;
    const file = tmpFile('portal.backup.gz');
    const admin = { db: c.database.db, auth: c.app.auth };
    const made = await runAdminCommand(admin, { command: 'backup', file });
    expect(made.message).toMatch(new RegExp(`^Backed up \\d+ rows of ${tableCount} tables`));
    expect(made.message).not.toMatch(/bucket/);
    const rowCount = Number(/^Backed up (\d+) rows/.exec(made.message)![1]);
    // Streamed: a header, a line per table, a line per row; no line holds a whole table.
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1 + tableCount + rowCount);
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'installer-portal-backup', version: 2 });
    const [uploads] = rowsOf<{ n: number }>(await c.database.db.execute(sql`select count(*)::int as n from upload where bytes is not null`));
    expect(uploads!.n).toBeGreaterThan(0);

    await withTarget(async (db) => {
      const restored = await runAdminCommand({ db, auth: c.app.auth }, { command: 'restore', file });
      expect(restored.message).toBe(`Restored ${rowCount} rows of ${tableCount} tables from ${file}`);
      expect(await contents(db)).toEqual(await contents(c.database.db));
      const [next] = rowsOf<{ id: number }>(await db.execute(sql`insert into company (name, short_name, email) values ('New', 'N', 'n@example.com') returning id`));
      const [max] = rowsOf<{ id: number }>(await c.database.db.execute(sql`select max(id) as id from company`));
      expect(next!.id).toBe(Number(max!.id) + 1);
      // Restoring twice is refused: the target is no longer empty.
      await expect(runAdminCommand({ db, auth: c.app.auth }, { command: 'restore', file })).rejects.toThrow(/not empty/);
    });
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode).toBe(200);
  });

  it('says that the object store bucket is not in the backup', async () => {
    const c = await ctx();
    const file = tmpFile('portal.backup.gz');
    const made = await runAdminCommand({ db: c.database.db, auth: c.app.auth, objectStoreBucket: 'portal-uploads' }, { command: 'backup', file });
    expect(made.message).toMatch(/bucket portal-uploads are not in this backup/);
  });

  it('restores a backup written by the previous format (a line per table)', async () => {
    const c = await ctx();
    const file = tmpFile('v1.backup.gz');
    const db = c.database.db;
    const [migrations] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    const lines = [JSON.stringify({ format: 'installer-portal-backup', version: 1, createdAt: new Date().toISOString(), migrations: migrations!.n })];
    for (const { name } of await backupTables(db)) {
      const [row] = rowsOf<{ rows: string }>(await db.execute(sql`select coalesce(jsonb_agg(t), '[]'::jsonb)::text as rows from ${sql.identifier(name)} t`));
      lines.push(`{"table":${JSON.stringify(name)},"rows":${row!.rows}}`);
    }
    fs.writeFileSync(file, zlib.gzipSync(`${lines.join('\n')}\n`));
    await withTarget(async (target) => {
      await runAdminCommand({ db: target, auth: c.app.auth }, { command: 'restore', file });
      expect(await contents(target)).toEqual(await contents(db));
    });
  });

  it('refuses a file that is not a backup, and a cut-off backup restores nothing', async () => {
    const c = await ctx();
    const nope = tmpFile('nope.gz');
    fs.writeFileSync(nope, zlib.gzipSync('{"hello":1}\n'));
    const cut = tmpFile('cut.backup.gz');
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'backup', file: cut });
    const lines = zlib.gunzipSync(fs.readFileSync(cut)).toString('utf8').trimEnd().split('\n');
    fs.writeFileSync(cut, zlib.gzipSync(`${lines.slice(0, -3).join('\n')}\n`));
    await withTarget(async (db) => {
      await expect(runAdminCommand({ db, auth: c.app.auth }, { command: 'restore', file: nope })).rejects.toThrow(/not a backup/);
      await expect(runAdminCommand({ db, auth: c.app.auth }, { command: 'restore', file: cut })).rejects.toThrow(/incomplete/);
      const [left] = rowsOf<{ n: number }>(await db.execute(sql`select (select count(*) from fleet) + (select count(*) from system) as n`));
      expect(Number(left!.n)).toBe(0);
    });
  });

  it('after a restore under another AUTH_SECRET, the old signing keys are found, and rotate-keys makes sign-in work again', async () => {
    const c = await ctx();
    await c.tokenFor('keys@example.com');
    const file = tmpFile('keys.backup.gz');
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'backup', file });
    await withTarget(async (db) => {
      await runAdminCommand({ db, auth: c.app.auth }, { command: 'restore', file });
      expect(await unreadableSigningKeys(db, TEST_SECRET)).toEqual([]);
      expect((await unreadableSigningKeys(db, OTHER_SECRET)).length).toBeGreaterThan(0);

      const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL, DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: c.dataDir });
      const auth = createAuth({ env, db, secret: OTHER_SECRET });
      const admin = { db, auth, authSecret: OTHER_SECRET };
      await expect(runAdminCommand(admin, { command: 'token', email: 'keys@example.com' })).rejects.toThrow(/decrypt/i);
      const rotated = await runAdminCommand(admin, { command: 'rotate-keys' });
      expect(rotated.message).toMatch(/^Dropped \d+ token signing keys made with another AUTH_SECRET and ended \d+ sessions/);
      expect(await unreadableSigningKeys(db, OTHER_SECRET)).toEqual([]);
      const { token } = await runAdminCommand(admin, { command: 'token', email: 'keys@example.com' });
      expect(token).toMatch(/^ey/);
      expect((await runAdminCommand(admin, { command: 'rotate-keys' })).message).toMatch(/nothing to rotate/);
    });
  });
});

// These start the CLI and the server on the embedded engine; once is enough.
describe.skipIf(engine !== 'pglite')('the operator CLI and the server start', () => {
  it('refuses to back up a DATA_DIR that holds no database, and creates none', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-empty-'));
    const file = path.join(dataDir, 'x.backup.gz');
    const { status, out } = adminCli(['backup', file], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(status).toBe(1);
    expect(out).toMatch(/holds no portal database: nothing to back up/);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 120_000);

  it('the server refuses to start when AUTH_SECRET cannot read the signing keys, naming AUTH_SECRET', async () => {
    const c = await ctx();
    await c.tokenFor('start@example.com');
    const file = tmpFile('start.backup.gz');
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'backup', file });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restored-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    await runAdminCommand({ db: database.db, auth: c.app.auth }, { command: 'restore', file });
    await database.close();

    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', AUTH_SECRET: OTHER_SECRET, PORT: '3399', DEMO: 'false', SIMULATOR: 'false', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/AUTH_SECRET is not the secret that encrypted the token signing keys/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});


// `npm run admin -- backup` of a database holding BENCH_BACKUP_MB (default 1024) MB of uploads, run as
// the operator runs it (its own process): time and peak memory. Baseline in the same run: pg_dump
// of the same PostgreSQL database; on PGlite, a bare Node process that only opens the database.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { upload } from '../apps/server/src/db/schema';
import { engineOf } from './lib';

const MEGABYTES = Number(process.env.BENCH_BACKUP_MB ?? 1024);
const FILE_MB = 25;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function timed(command: string, args: string[], env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: repo, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  const rssKb = Number(/MAX_RSS_KB=(\d+)/.exec(result.stderr)?.[1] ?? NaN);
  return { seconds, rssMb: rssKb / 1024 };
}

export async function benchBackup() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-backup-'));
  const base = process.env.BENCH_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (base) {
    const name = `portal_bench_backup_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const dataDir = path.join(work, 'data');
  const database = await openDatabase({ url, pgliteDir: url ? undefined : path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const [created] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        insert into installation (fleet_id, system_id, system_serial, name, status, start_date, search_text)
        select s.fleet_id, s.id, s.serial_number, 'Backup bench', 'draft', date '2026-11-20', 'backup bench'
        from system s where s.serial_number = 'SN-DEMO-0001' returning id`),
    );
    const files = Math.ceil(MEGABYTES / FILE_MB);
    for (let i = 0; i < files; i++) {
      // Photos do not compress: random bytes are the honest stand-in.
      const bytes = randomBytes(FILE_MB * 1024 * 1024);
      await database.db.insert(upload).values({
        installationId: created!.id,
        type: 'other',
        format: 'jpg',
        name: `photo-${i}.jpg`,
        contentType: 'image/jpeg',
        sizeKb: bytes.length / 1024,
        sha256: `bench-${i}`,
        bytes,
      });
    }
  } finally {
    await database.close();
  }

  const env: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
  const backupFile = path.join(work, 'portal.backup.gz');
  const ours = timed(process.execPath, ['--import', 'tsx', '--import', './bench/max-rss.mjs', 'apps/server/src/cli/admin.ts', 'backup', backupFile], env);
  const oursSize = fs.statSync(backupFile).size / 2 ** 20;
  const rows = [
    {
      case: `npm run admin -- backup (${MEGABYTES} MB of uploads)`,
      seconds: ours.seconds.toFixed(1),
      'peak memory': `${ours.rssMb.toFixed(0)} MB`,
      'file size': `${oursSize.toFixed(0)} MB`,
    },
  ];
  if (url) {
    const dumpFile = path.join(work, 'portal.pgdump');
    const started = performance.now();
    const dump = spawnSync('pg_dump', ['-Fc', '-f', dumpFile, url], { encoding: 'utf8' });
    if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
    rows.push({
      case: 'baseline: pg_dump -Fc of the same database',
      seconds: ((performance.now() - started) / 1000).toFixed(1),
      'peak memory': '–',
      'file size': `${(fs.statSync(dumpFile).size / 2 ** 20).toFixed(0)} MB`,
    });
  } else {
    const idle = timed(
      process.execPath,
      ['--import', 'tsx', '--import', './bench/max-rss.mjs', '-e', `const { openDatabase } = await import('./apps/server/src/db/client.ts'); const d = await openDatabase({ pgliteDir: ${JSON.stringify(path.join(dataDir, 'pglite'))} }); await d.close();`],
      {},
    );
    rows.push({ case: 'baseline: a process that only opens the embedded database', seconds: idle.seconds.toFixed(1), 'peak memory': `${idle.rssMb.toFixed(0)} MB`, 'file size': '–' });
  }
  await dropDatabase();
  fs.rmSync(work, { recursive: true, force: true });
  return { title: `Backup of ${MEGABYTES} MB of uploads (${engineOf()})`, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchBackup();
  console.log(result.title);
  console.table(result.rows);
}

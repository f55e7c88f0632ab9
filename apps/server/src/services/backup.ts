import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

export const BACKUP_FORMAT = 'installer-portal-backup';

/** Every table, parents before children: the order a restore inserts them in. */
export const BACKUP_TABLES = [
  'company',
  'fleet',
  'user',
  'session',
  'account',
  'verification',
  'jwks',
  'send_limit',
  'fleet_member',
  'system',
  'charge_controller',
  'telematics_unit',
  'partner',
  'vehicle',
  'installation',
  'event_stream',
  'physical_inspection',
  'idempotency_key',
  'system_check_run',
  'system_check',
  'heartbeat',
  'system_check_event',
  'upload',
] as const;

/** Tables whose `id` comes from a sequence. */
const SERIAL_TABLES = new Set<string>([
  'company', 'fleet', 'system', 'charge_controller', 'telematics_unit', 'partner', 'vehicle', 'installation',
  'system_check_run', 'system_check', 'heartbeat', 'system_check_event', 'upload',
]);

export async function listTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  return rowsOf<{ tablename: string }>(result).map((r) => r.tablename);
}

async function migrationCount(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Writes every table as JSON lines (gzip), inside one repeatable-read snapshot so the copy is
 * consistent while the portal keeps running. Engine-independent: restore works on either engine.
 */
export async function backupDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const tmp = `${file}.partial`;
  let rows = 0;
  const lines: string[] = [];
  await db.transaction(
    async (tx) => {
      lines.push(JSON.stringify({ format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), migrations: await migrationCount(tx as Db) }));
      for (const table of BACKUP_TABLES) {
        const result = await tx.execute(sql`select coalesce(jsonb_agg(t), '[]'::jsonb)::text as rows, count(*)::int as n from ${sql.identifier(table)} t`);
        const [row] = rowsOf<{ rows: string; n: number }>(result);
        rows += row!.n;
        lines.push(`{"table":${JSON.stringify(table)},"rows":${row!.rows}}`);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  await pipeline(
    async function* () {
      for (const line of lines) yield `${line}\n`;
    },
    zlib.createGzip(),
    fs.createWriteStream(tmp, { mode: 0o600 }),
  );
  fs.renameSync(tmp, file);
  return { tables: BACKUP_TABLES.length, rows };
}

/** Restores a backup into an empty, migrated database, in one transaction: all of it or nothing. */
export async function restoreDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const input = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const lines = input[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = first.done ? null : (JSON.parse(first.value) as { format?: string; migrations?: number });
  if (header?.format !== BACKUP_FORMAT) throw new Error(`${file} is not a backup of the installer portal`);
  return db.transaction(async (tx) => {
    const [users] = rowsOf<{ n: number }>(await tx.execute(sql`select (select count(*) from "user") + (select count(*) from fleet) as n`));
    if (Number(users?.n) > 0) throw new Error('The database is not empty: restore into a new, empty database (or a new DATA_DIR).');
    const current = await migrationCount(tx as Db);
    if (header.migrations !== current) {
      throw new Error(`The backup was made with ${header.migrations} migrations, this version has ${current}: restore it with the version that made it.`);
    }
    let rows = 0;
    let tables = 0;
    for await (const line of { [Symbol.asyncIterator]: () => lines }) {
      if (!line.trim()) continue;
      const start = line.indexOf('"rows":');
      const { table } = JSON.parse(`${line.slice(0, start)}"rows":[]}`) as { table: string };
      if (!(BACKUP_TABLES as readonly string[]).includes(table)) throw new Error(`Unknown table ${table} in the backup`);
      const json = line.slice(start + 7, -1);
      const result = await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
      );
      rows += (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
      tables++;
      if (SERIAL_TABLES.has(table)) {
        // Serial ids continue after the restored ones.
        await tx.execute(sql`
          select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.identifier(table)}`);
      }
    }
    return { tables, rows };
  });
}

import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export const BACKUP_FORMAT = 'installer-portal-backup';
/**
 * Version 1 wrote one line per table with all its rows; version 2 writes a line per table naming
 * its row count, then one line per row, so neither side ever holds more than one row in memory.
 */
const BACKUP_VERSION = 2;

/** Rows fetched per round trip; tables with file bytes are read one row at a time. */
const FETCH_ROWS = 500;
const FETCH_ROWS_WITH_BYTES = 1;
/** A restore inserts rows in batches of at most this many rows or characters of JSON. */
const INSERT_ROWS = 500;
const INSERT_CHARS = 16 * 1024 * 1024;

interface TableInfo {
  name: string;
  /** Its `id` comes from a sequence that must continue after the restored rows. */
  hasSerialId: boolean;
  hasBytes: boolean;
}

/**
 * Every table of the schema, parents before children (the order a restore inserts them in),
 * read from the catalogue so that a new table is backed up without anyone remembering to list it.
 */
export async function backupTables(db: Db): Promise<TableInfo[]> {
  const tables = rowsOf<{ name: string; serial: boolean; bytes: boolean }>(
    await db.execute(sql`
      select c.relname as name,
        exists (select 1 from information_schema.columns col where col.table_schema = 'public' and col.table_name = c.relname
                and col.column_name = 'id' and col.column_default like 'nextval(%') as serial,
        exists (select 1 from information_schema.columns col where col.table_schema = 'public' and col.table_name = c.relname
                and col.data_type = 'bytea') as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname`),
  );
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select distinct c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`),
  );
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('The tables reference each other in a cycle: no insert order exists');
    for (const t of ready) {
      placed.add(t.name);
      ordered.push({ name: t.name, hasSerialId: t.serial, hasBytes: t.bytes });
    }
  }
  return ordered;
}

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
 * consistent while the portal keeps running. Rows are read through a cursor and written with
 * back-pressure, so memory stays bounded by the largest single row however big the database is.
 * Engine-independent: a backup restores on either engine.
 */
export async function backupDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const tmp = `${file}.partial`;
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, fs.createWriteStream(tmp, { mode: 0o600 }));
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), written]);
  };
  let rows = 0;
  let tables = 0;
  try {
    await db.transaction(
      async (tx) => {
        const t = tx as unknown as Db;
        const infos = await backupTables(t);
        await write(
          JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), migrations: await migrationCount(t), tables: infos.length }),
        );
        for (const table of infos) {
          const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table.name)}`));
          await write(JSON.stringify({ table: table.name, rows: count!.n }));
          await tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${sql.identifier(table.name)} t`);
          const batch = table.hasBytes ? FETCH_ROWS_WITH_BYTES : FETCH_ROWS;
          let seen = 0;
          for (;;) {
            const fetched = rowsOf<{ j: string }>(await tx.execute(sql.raw(`fetch forward ${batch} from backup_rows`)));
            for (const row of fetched) await write(row.j);
            seen += fetched.length;
            if (fetched.length < batch) break;
          }
          await tx.execute(sql`close backup_rows`);
          if (seen !== count!.n) throw new Error(`Table ${table.name} changed while it was read`);
          rows += seen;
          tables++;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await written;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  fs.renameSync(tmp, file);
  return { tables, rows };
}

/** Restores a backup into an empty, migrated database, in one transaction: all of it or nothing. */
export async function restoreDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const input = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const lines = input[Symbol.asyncIterator]();
  type Header = { format?: string; version?: number; migrations?: number; tables?: number };
  let header: Header | null;
  try {
    const first = await lines.next();
    header = first.done ? null : (JSON.parse(first.value) as Header);
  } catch {
    header = null;
  }
  if (header?.format !== BACKUP_FORMAT) throw new Error(`${file} is not a backup of the installer portal`);
  const version = header.version ?? 1;
  if (version > BACKUP_VERSION) throw new Error(`${file} was written by a newer version of the portal (backup format ${version})`);
  const { migrations, tables: expectedTables } = header;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [users] = rowsOf<{ n: number }>(await tx.execute(sql`select (select count(*) from "user") + (select count(*) from fleet) as n`));
    if (Number(users?.n) > 0) throw new Error('The database is not empty: restore into a new, empty database (or a new DATA_DIR).');
    const current = await migrationCount(t);
    if (migrations !== current) {
      throw new Error(`The backup was made with ${migrations} migrations, this version has ${current}: restore it with the version that made it.`);
    }
    const known = new Map((await backupTables(t)).map((info) => [info.name, info]));
    const tableOf = (name: string) => {
      const info = known.get(name);
      if (!info) throw new Error(`Unknown table ${name} in the backup`);
      return info;
    };
    const insert = async (table: TableInfo, json: string) => {
      const result = await tx.execute(
        sql`insert into ${sql.identifier(table.name)} select * from json_populate_recordset(null::${sql.identifier(table.name)}, ${json}::json)`,
      );
      return (result as { rowCount?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
    };
    const continueIds = async (table: TableInfo) => {
      if (!table.hasSerialId) return;
      await tx.execute(sql`
        select setval(pg_get_serial_sequence(${`"${table.name}"`}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.identifier(table.name)}`);
    };

    let rows = 0;
    let tables = 0;
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      const line = next.value;
      if (!line.trim()) continue;
      if (version === 1) {
        // { "table": name, "rows": [ ...every row... ] } on one line.
        const start = line.indexOf('"rows":');
        const { table } = JSON.parse(`${line.slice(0, start)}"rows":[]}`) as { table: string };
        const info = tableOf(table);
        rows += await insert(info, line.slice(start + 7, -1));
        await continueIds(info);
        tables++;
        continue;
      }
      const { table, rows: count } = JSON.parse(line) as { table: string; rows: number };
      const info = tableOf(table);
      let batch: string[] = [];
      let chars = 0;
      let inserted = 0;
      for (let i = 0; i < count; i++) {
        const row = await lines.next();
        if (row.done) throw new Error(`${file} ends in the middle of table ${table}: the backup is incomplete`);
        batch.push(row.value);
        chars += row.value.length;
        if (batch.length >= INSERT_ROWS || chars >= INSERT_CHARS) {
          inserted += await insert(info, `[${batch.join(',')}]`);
          batch = [];
          chars = 0;
        }
      }
      if (batch.length > 0) inserted += await insert(info, `[${batch.join(',')}]`);
      await continueIds(info);
      rows += inserted;
      tables++;
    }
    if (expectedTables !== undefined && tables !== expectedTables) {
      throw new Error(`${file} holds ${tables} of its ${expectedTables} tables: the backup is incomplete`);
    }
    return { tables, rows };
  });
}

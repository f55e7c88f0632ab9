import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  engine: Engine;
  db: Db;
  /** Reachability probe for /api/health. */
  ping(): Promise<void>;
  /** Applies the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Receives NOTIFY messages of a channel, from this process and (on PostgreSQL) every other.
   * `onLost` fires when the listening connection drops, and `onReconnect` once it is back:
   * messages sent in between are missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  /** The embedded engine's whole data directory as a tarball (backup, test snapshots). */
  dump?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded engine is used. */
  url?: string;
  /** Folder of the embedded database files; omitted means in memory. */
  pgliteDir?: string;
  /** Pre-built data directory (tarball) to start the embedded engine from. */
  pgliteSnapshot?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A server that went away must fail requests fast, not hang them.
      connectionTimeoutMillis: 5000,
      query_timeout: 30_000,
    });
    // A dropped idle connection must never crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listener = createPgListener(options.url);
    return {
      engine: 'postgres',
      db,
      listen: listener.listen,
      async ping() {
        await withTimeout(pool.query('select 1'), 2000);
      },
      async migrate() {
        const conn = await pool.connect();
        try {
          // One process migrates; the others wait on the lock and then find nothing to do.
          await conn.query('select pg_advisory_lock(727274)');
          await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
          conn.release();
        }
      },
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteSnapshot,
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async dump() {
      return client.dumpDataDir('gzip');
    },
  };
}

/** Rows of a raw `db.execute` result; both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** One dedicated connection for LISTEN, re-established with back-off when it drops. */
function createPgListener(url: string) {
  const handlers = new Map<string, Set<{ onMessage: (payload: string) => void; onReconnect?: () => void; onLost?: () => void }>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 250;

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h.onMessage(msg.payload ?? '');
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`listen "${channel}"`);
    return c;
  }

  function reconnect(dead: pg.Client) {
    if (closed || client !== dead) return;
    client = null;
    connecting = null;
    for (const set of handlers.values()) for (const h of set) h.onLost?.();
    const attempt = () => {
      if (closed) return;
      ensure()
        .then(() => {
          retryMs = 250;
          for (const set of handlers.values()) for (const h of set) h.onReconnect?.();
        })
        .catch(() => {
          connecting = null;
          setTimeout(attempt, (retryMs = Math.min(retryMs * 2, 5000))).unref();
        });
    };
    setTimeout(attempt, retryMs).unref();
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().then((c) => (client = c));
    return connecting;
  }

  return {
    async listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void, onLost?: () => void) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const handler = { onMessage, onReconnect, onLost };
      const isNew = !handlers.has(channel);
      if (isNew) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
      const c = await ensure();
      if (isNew) await c.query(`listen "${channel}"`);
      return async () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]);
}

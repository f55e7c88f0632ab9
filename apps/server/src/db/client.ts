import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverPackageDir } from '../package-dir';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

/**
 * Independent reads: side by side on the pool, each on a connection of its own, and one after another in
 * a transaction, whose one connection takes one statement at a time (pg 9 refuses a second while the
 * first runs).
 */
export async function readAll<const T extends readonly (() => PromiseLike<unknown>)[]>(db: Db, reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}

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
  /** What lies between the process and PostgreSQL, as far as it matters; only on PostgreSQL. */
  probeWay?(timeoutMs: number): Promise<WayProbe>;
  /** The embedded engine's whole data directory as a tarball (backup, test snapshots). */
  dump?(): Promise<Blob>;
}

/** What `probeWay` found. */
export interface WayProbe {
  /**
   * Whether the listening connection heard a NOTIFY sent through `url` within the time given. It does
   * not when both go through a transaction pooler (PgBouncer `pool_mode = transaction`): LISTEN stays
   * on whichever server connection ran it, which the pooler hands to other clients, and what that
   * connection hears while no client holds it is dropped.
   */
  listenerHears: boolean;
  /** Whether `url` refused the statement timeout as a start-up parameter, as PgBouncer does: a pooler the options did not name. */
  refusesStatementTimeout: boolean;
}

export const MIGRATIONS_DIR = path.join(serverPackageDir(), 'drizzle');

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded engine is used. */
  url?: string;
  /**
   * A session connection to the same database for LISTEN and the migration lock, when `url` goes
   * through a transaction pooler (PgBouncer `pool_mode = transaction`), which keeps neither.
   */
  directUrl?: string;
  /**
   * What `url` reaches: PostgreSQL itself, or PgBouncer (or another pooler) in session or transaction
   * mode. Through a transaction pooler statements are sent unnamed (a pooled server never knows a
   * name); through any pooler the statement timeout is not sent at start-up, which PgBouncer refuses.
   */
  pooler?: 'none' | 'session' | 'transaction';
  /** Folder of the embedded database files; omitted means in memory. */
  pgliteDir?: string;
  /** Pre-built data directory (tarball) to start the embedded engine from. */
  pgliteSnapshot?: Blob;
  poolSize?: number;
  /** How long opening a connection may take before the request answers 503. */
  connectTimeoutMs?: number;
  /** How long one statement may take before the request answers 503 (also a silent partition). */
  statementTimeoutMs?: number;
}

export const DATABASE_DEFAULTS = { poolSize: 10, connectTimeoutMs: 2000, statementTimeoutMs: 4000 };

/** Idle connections are probed by TCP keep-alive this soon, so a dead peer is noticed. */
const KEEP_ALIVE_DELAY_MS = 5000;

/** The pg client for a transaction pooler: named prepared statements are sent unnamed. */
class UnnamedStatementsClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, ...rest: any[]): any {
    if (config && typeof config === 'object' && typeof config.name === 'string') {
      const { name: _name, ...unnamed } = config;
       
      return super.query(unnamed, ...rest);
    }
     
    return super.query(config, ...rest);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const connectTimeoutMs = options.connectTimeoutMs ?? DATABASE_DEFAULTS.connectTimeoutMs;
    const statementTimeoutMs = options.statementTimeoutMs ?? DATABASE_DEFAULTS.statementTimeoutMs;
    const sessionUrl = options.directUrl ?? options.url;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DATABASE_DEFAULTS.poolSize,
      // A server that went away, or a network that went silent, fails requests fast instead of hanging them.
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: statementTimeoutMs,
      // The server stops a statement too (a pooler refuses this start-up parameter, so not through one).
      ...(options.pooler && options.pooler !== 'none' ? {} : { statement_timeout: statementTimeoutMs }),
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
      ...(options.pooler === 'transaction' ? { Client: UnnamedStatementsClient } : {}),
    });
    // A dropped connection must never crash the process, idle or checked out (inside a transaction):
    // the query in flight fails (503), the pool drops the connection and the next query opens another.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listener = createPgListener(sessionUrl, connectTimeoutMs);
    return {
      engine: 'postgres',
      db,
      listen: listener.listen,
      async probeWay(timeoutMs) {
        let refusesStatementTimeout = false;
        try {
          await pool.query('select 1');
        } catch (error) {
          if (!/unsupported startup parameter/i.test((error as Error).message)) throw error;
          refusesStatementTimeout = true;
        }
        const notify = 'select pg_notify($1, $2)';
        const listenerHears = await listener.hears(async (channel, payload) => {
          if (!refusesStatementTimeout) return pool.query(notify, [channel, payload]);
          // The pool cannot reach it: the same way without that parameter.
          const conn = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: connectTimeoutMs });
          conn.on('error', () => {});
          await conn.connect();
          try {
            await conn.query(notify, [channel, payload]);
          } finally {
            await conn.end().catch(() => {});
          }
        }, timeoutMs);
        return { listenerHears, refusesStatementTimeout };
      },
      async ping() {
        await withTimeout(pool.query('select 1'), 2000);
      },
      async migrate() {
        // A session of its own: the lock is held across statements, and waiting for another process
        // that migrates may take longer than any statement timeout.
        const conn = new pg.Client({ connectionString: sessionUrl, connectionTimeoutMillis: connectTimeoutMs });
        conn.on('error', () => {});
        await conn.connect();
        try {
          // One process migrates; the others wait on the lock and then find nothing to do.
          await conn.query('select pg_advisory_lock(727274)');
          await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
          await conn.end().catch(() => {});
        }
      },
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  // The embedded engine is loaded only when it is used: a server on PostgreSQL never holds it.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
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

/** The listening connection says something to itself this often... */
const LISTENER_BEAT_MS = 1000;
/** ...and is given up for a new one when it has heard nothing of it for this long. */
const LISTENER_QUIET_MS = 3000;
const BEAT_CHANNEL = 'portal_listener_beat';
/** How the listening connection shows in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = 'portal-listener';

/**
 * One dedicated connection for LISTEN, re-established with back-off when it drops. It proves that
 * it still hears: every second it sends a NOTIFY to itself. A connection that stays open but stops
 * delivering (a NAT or firewall that forgot it, a partition) is given up within a few seconds as if
 * it had dropped, so whoever relies on its messages stops trusting what it has not heard.
 */
function createPgListener(url: string, connectTimeoutMs: number) {
  const handlers = new Map<string, Set<{ onMessage: (payload: string) => void; onReconnect?: () => void; onLost?: () => void }>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 250;
  let lastHeardMs = 0;
  let beatInFlight = false;
  /** Payloads of the beat channel someone waits to hear (`hears`). */
  const awaited = new Map<string, () => void>();
  /** The last statement sent on each connection: the next waits for it (pg will stop queueing them itself). */
  const lastSent = new WeakMap<pg.Client, Promise<unknown>>();

  /** Sends one statement on a listening connection once the statements sent before it have finished. */
  function inTurn(c: pg.Client, text: string): Promise<unknown> {
    const sent = (lastSent.get(c) ?? Promise.resolve()).then(() => c.query(text));
    lastSent.set(c, sent.catch(() => {}));
    return sent;
  }

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true, keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS });
    c.on('notification', (msg) => {
      if (msg.channel === BEAT_CHANNEL) {
        if (c === client) lastHeardMs = Date.now();
        awaited.get(msg.payload ?? '')?.();
        return;
      }
      for (const h of handlers.get(msg.channel) ?? []) h.onMessage(msg.payload ?? '');
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    try {
      await withTimeout(
        (async () => {
          await c.connect();
          await inTurn(c, `listen "${BEAT_CHANNEL}"`);
          for (const channel of handlers.keys()) await inTurn(c, `listen "${channel}"`);
        })(),
        connectTimeoutMs + 2000,
      );
    } catch (error) {
      destroy(c);
      throw error;
    }
    lastHeardMs = Date.now();
    beatInFlight = false;
    return c;
  }

  const beat = setInterval(() => {
    const c = client;
    if (!c || closed) return;
    if (Date.now() - lastHeardMs > LISTENER_QUIET_MS) {
      reconnect(c);
      destroy(c);
      return;
    }
    if (beatInFlight) return;
    beatInFlight = true;
    inTurn(c, `select pg_notify('${BEAT_CHANNEL}', '')`)
      .catch(() => {})
      .finally(() => {
        if (c === client) beatInFlight = false;
      });
  }, LISTENER_BEAT_MS);
  beat.unref();

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
          setTimeout(attempt, (retryMs = Math.min(retryMs * 2, 2000))).unref();
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
      if (isNew) await inTurn(c, `listen "${channel}"`);
      return async () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    /** Whether a NOTIFY on the beat channel that `send` makes (through another connection) is heard within `timeoutMs`. */
    async hears(send: (channel: string, payload: string) => Promise<unknown>, timeoutMs: number): Promise<boolean> {
      await ensure();
      const payload = `probe:${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        awaited.set(payload, () => resolve(true));
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        await send(BEAT_CHANNEL, payload);
        return await heard;
      } finally {
        clearTimeout(timer);
        awaited.delete(payload);
      }
    },
    async close() {
      closed = true;
      clearInterval(beat);
      const c = client;
      client = null;
      if (c) await withTimeout(c.end(), 1000).catch(() => destroy(c));
    },
  };
}

/** Closes a connection's socket at once, also when the peer no longer answers. */
function destroy(c: pg.Client) {
  (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
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

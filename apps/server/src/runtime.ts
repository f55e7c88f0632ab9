import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { lockDataDir } from './admin/data-dir-lock';
import { resolveAuthSecret } from './auth/secret';
import { openDatabase, rowsOf, type Database, type Db } from './db/client';
import { EnvError, type Env } from './env';

export interface Runtime {
  database: Database;
  authSecret: string;
  release(): Promise<void>;
}

/** Whether DATA_DIR already holds an embedded database (opening one that does not would create it). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/** Whether the portal's migrations were ever applied to this database. */
export async function hasMigrations(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  return Boolean(row?.present);
}

/** How long the listening connection may take at start to hear a NOTIFY sent through DATABASE_URL. */
export const LISTEN_CHECK_TIMEOUT_MS = 5000;

/**
 * Refuses a start on a way to the database that the settings do not describe, saying what to set:
 * a transaction pooler keeps neither LISTEN (the read cache and the live check would never hear a
 * change) nor named prepared statements nor the migration lock; a session pooler refuses the
 * statement timeout as a start-up parameter.
 */
async function checkDatabaseWay(database: Database, env: Env) {
  if (!database.probeWay) return;
  const { listenerHears, refusesStatementTimeout } = await database.probeWay(LISTEN_CHECK_TIMEOUT_MS);
  const seconds = LISTEN_CHECK_TIMEOUT_MS / 1000;
  if (!listenerHears && env.database.pooler === 'transaction') {
    throw new EnvError(
      `The listening connection (DATABASE_DIRECT_URL) did not hear a NOTIFY sent through DATABASE_URL within ${seconds} s. DATABASE_DIRECT_URL must be a session connection to the same database: PostgreSQL itself, or a pooler in session mode.`,
    );
  }
  if (!listenerHears) {
    throw new EnvError(
      `DATABASE_URL seems to go through a transaction pooler (such as PgBouncer with pool_mode = transaction): a LISTEN through it did not hear a NOTIFY sent through it within ${seconds} s. Set DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL to a session connection (PostgreSQL itself, or a pooler in session mode) for LISTEN and the migration lock.`,
    );
  }
  if (refusesStatementTimeout) {
    throw new EnvError('DATABASE_URL goes through a pooler in session mode (it refuses the statement timeout as a start-up parameter, as PgBouncer does). Set DATABASE_POOLER=session.');
  }
}

/** Opens the configured engine (locking DATA_DIR for the embedded one) and, unless told not to, applies migrations. */
export async function openRuntime(env: Env, holder: string, options: { migrate?: boolean } = {}): Promise<Runtime> {
  const unlock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir, holder);
  try {
    const database = await openDatabase({
      url: env.databaseUrl,
      pgliteDir: env.databaseUrl ? undefined : path.join(env.dataDir, 'pglite'),
      directUrl: env.database.directUrl,
      pooler: env.database.pooler,
      poolSize: env.database.poolSize,
      connectTimeoutMs: env.database.connectTimeoutMs,
      statementTimeoutMs: env.database.statementTimeoutMs,
    });
    // Before the migration, whose lock needs a session too: a transaction pooler the settings do not
    // declare would leave it held on some server connection.
    await checkDatabaseWay(database, env).catch(async (error: unknown) => {
      await database.close().catch(() => {});
      throw error;
    });
    if (options.migrate !== false) await database.migrate();
    return {
      database,
      authSecret: resolveAuthSecret(env),
      async release() {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

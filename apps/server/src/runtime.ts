import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { lockDataDir } from './admin/data-dir-lock';
import { resolveAuthSecret } from './auth/secret';
import { openDatabase, rowsOf, type Database, type Db } from './db/client';
import type { Env } from './env';

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

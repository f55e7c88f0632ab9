import path from 'node:path';
import { lockDataDir } from './admin/data-dir-lock';
import { resolveAuthSecret } from './auth/secret';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';

export interface Runtime {
  database: Database;
  authSecret: string;
  release(): Promise<void>;
}

/** Opens the configured engine (locking DATA_DIR for the embedded one) and applies migrations. */
export async function openRuntime(env: Env, holder: string): Promise<Runtime> {
  const unlock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir, holder);
  try {
    const database = await openDatabase({ url: env.databaseUrl, pgliteDir: env.databaseUrl ? undefined : path.join(env.dataDir, 'pglite') });
    await database.migrate();
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

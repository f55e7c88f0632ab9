import fs from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is single-process: whoever opens it first holds DATA_DIR/portal.lock
 * (with its pid) until it exits. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }), { flag: 'wx' });
      return () => {
        try {
          const current = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
          if (current.pid === process.pid) fs.rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; holder?: string } = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        /* half-written lock: treat as stale */
      }
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DataDirBusyError(
          `${dataDir} is in use by another ${owner.holder ?? 'process'} (pid ${owner.pid}). ` +
            'The embedded database allows one process: stop it, use another DATA_DIR, or set DATABASE_URL to a PostgreSQL server.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}`);
}

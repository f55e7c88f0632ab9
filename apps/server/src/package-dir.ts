import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder (apps/server), from its sources (src/…) and from its build (dist/) alike. */
export function serverPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'drizzle')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

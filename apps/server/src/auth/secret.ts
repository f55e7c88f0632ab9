import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

/**
 * AUTH_SECRET when set; otherwise (development and demo only) a random secret kept in
 * DATA_DIR, so sessions and signing keys survive a restart of the laptop.
 */
export function resolveAuthSecret(env: Env): string {
  return env.authSecret ?? persistentSecret(env.dataDir, '.auth-secret');
}

/** A random secret kept in a file of DATA_DIR, created on first use. */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

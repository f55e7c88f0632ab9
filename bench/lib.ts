import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import pg from 'pg';
import { runAdminCommand } from '../apps/server/src/admin/commands';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { loadEnv } from '../apps/server/src/env';

export const engineOf = () => (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');

/** The real app on a fresh database: PGlite in memory, or BENCH_DATABASE_URL (a database it may fill). */
/** A database of its own on the server behind BENCH_DATABASE_URL, dropped afterwards. */
export async function scratchDatabase(base: string) {
  const name = `portal_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export async function benchApp(extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const scratch = process.env.BENCH_DATABASE_URL ? await scratchDatabase(process.env.BENCH_DATABASE_URL) : null;
  const database = await openDatabase({ url: scratch?.url });
  await database.migrate();
  await seedDemo(database.db);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST: dataDir,
    SIMULATOR: 'false',
    CHECK_SWEEP_INTERVAL_MS: '0',
    ...extraEnv,
  });
  const app = await buildApp({ env, database, authSecret: 'bench-secret-bench-secret-bench-secret-0', logger: false });
  await app.ready();
  const admin = { db: database.db, auth: app.auth };
  await runAdminCommand(admin, { command: 'grant', email: 'bench@example.com', fleet: 'sono' });
  const { token } = await runAdminCommand(admin, { command: 'token', email: 'bench@example.com' });
  return {
    app,
    database,
    headers: { authorization: `Bearer ${token}` },
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A photo-like JPEG of `width` x `height`: gradients and noise from `seed`, so that it does not compress to nothing. */
export function noisyJpeg(seed: number, width: number, height: number, quality: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let x = seed;
  for (let i = 0; i < data.length; i += 4) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 4;
    data[i] = ((p % width) / width) * 200 + (x & 0x3f);
    data[i + 1] = (Math.floor(p / width) / height) * 200 + ((x >> 8) & 0x3f);
    data[i + 2] = 120 + ((x >> 16) & 0x3f);
    data[i + 3] = 255;
  }
  return jpeg.encode({ data, width, height }, quality).data as Buffer;
}

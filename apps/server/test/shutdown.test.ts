import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { engine, waitForHealth } from './helper';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PORT = 4421;

// The engine does not matter here; run it once.
describe.skipIf(engine !== 'pglite')('graceful shutdown', () => {
  it('a quiet server logs within a second; SIGTERM under load: requests in flight finish, new ones are refused, every answer is logged, the process exits within 10 s', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sigterm-'));
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: 'true', SIMULATOR: 'false', LOG_LEVEL: 'info', WEB_DIST: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const output: Buffer[] = [];
    proc.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
    const base = `http://127.0.0.1:${PORT}`;
    await waitForHealth(base);

    // A quiet server's line is written within about a second, not held until a block fills.
    expect((await fetch(`${base}/config.auth.json`)).status).toBe(200);
    const asked = Date.now();
    await vi.waitFor(() => expect(Buffer.concat(output).toString('utf8')).toContain('"url":"/config.auth.json"'), { timeout: 5_000, interval: 50 });
    expect(Date.now() - asked).toBeLessThan(2_500);

    // Keep the server busy: a steady stream of requests, some in flight when SIGTERM lands.
    const results: (number | 'refused')[] = [];
    let running = true;
    const load = Array.from({ length: 8 }, async () => {
      while (running) {
        const status = await fetch(`${base}/config.auth.json`).then((r) => r.status, () => 'refused' as const);
        results.push(status);
      }
    });
    // SIGTERM lands once every worker has had answers, with the next requests in flight.
    await vi.waitFor(() => expect(results.filter((s) => s === 200).length).toBeGreaterThanOrEqual(16), { timeout: 30_000, interval: 10 });
    const okBefore = results.filter((s) => s === 200).length;
    const stoppedAt = Date.now();
    proc.kill('SIGTERM');
    const code = await exited;
    const tookMs = Date.now() - stoppedAt;
    running = false;
    await Promise.all(load);

    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(okBefore).toBeGreaterThan(0);
    // Nothing failed half-way: every answer was a full 200, a 503 envelope, or no connection at all.
    expect(results.every((s) => s === 200 || s === 503 || s === 'refused')).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    // The log is JSON lines only, and the lines still buffered when SIGTERM came were written before
    // the exit: one line for each answer the clients got.
    const lines = Buffer.concat(output).toString('utf8').split('\n').filter(Boolean);
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; url?: string; statusCode?: number });
    const answered = entries.filter((e) => e.url === '/config.auth.json' && e.msg === 'request completed');
    // (The first is the quiet server's request.)
    expect(answered.filter((e) => e.statusCode === 200).length).toBe(results.filter((s) => s === 200).length + 1);
  }, 120_000);
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesWriter, createLogRing, lineFormatOf, type LogRing } from '../src/plugins/log-ring';
import { engine } from './helper';
import { pinoLineOf, type Line } from './log-lines';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const opened: { ring: LogRing; fd: number }[] = [];
afterEach(() => {
  for (const { ring, fd } of opened.splice(0)) {
    ring.close();
    fs.closeSync(fd);
  }
});

/** A pino logger whose lines go through a log ring of `units` into a file, as the server's do into stdout. */
function ringToFile(units?: number) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-log-ring-')), 'log');
  const fd = fs.openSync(file, 'w');
  let ring: LogRing | null = null;
  const logger = pino({ level: 'trace' }, { write: (line: string) => ring!.stream.write(line) });
  ring = createLogRing({ format: lineFormatOf(logger), requestMessage: 'request completed', fd, writeSync: bytesWriter(fd), units });
  opened.push({ ring, fd });
  const texts = () => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return { logger, ring, texts, lines: () => texts().map((t) => JSON.parse(t) as Line) };
}

// The engine does not matter here; run it once.
describe.skipIf(engine !== 'pglite')('log ring', () => {
  it("a request's line, written from its fields, is word for word the line pino writes for them", () => {
    const { ring, texts, lines } = ringToFile();
    ring.request(30, 'req-1', 'GET', '/api/installations/7?token=one-time-secret', '127.0.0.1', 200, 0.43215);
    ring.request(20, 'req-2', 'GET', '/api/health', undefined, 200, 1.5);
    ring.request(30, 'req-3', 'PUT', '/api/fleets/%22q%22/"quoted"\\/ä/😀', 'x"}{"level":60\\ü', 409, Number.NaN);
    ring.request(30, 'req-4', 'GET', '/', '::1', 404, 12);
    ring.close();
    expect(lines().map((l) => [l.level, l.reqId, l.method, l.url, l.ip, l.statusCode, l.responseTime])).toEqual([
      [30, 'req-1', 'GET', '/api/installations/7', '127.0.0.1', 200, 0.43215],
      [20, 'req-2', 'GET', '/api/health', undefined, 200, 1.5],
      [30, 'req-3', 'PUT', '/api/fleets/%22q%22/"quoted"\\/ä/😀', 'x"}{"level":60\\ü', 409, null],
      [30, 'req-4', 'GET', '/', '::1', 404, 12],
    ]);
    for (const text of texts()) expect(text).toBe(pinoLineOf(JSON.parse(text) as Line));
    expect(texts().join('\n')).not.toContain('one-time-secret');
    for (const line of lines()) expect(Math.abs(line.time - Date.now())).toBeLessThan(5_000);
  });

  it('the writer thread writes the lines within moments, in the order they were logged, without a close', async () => {
    const { logger, ring, lines } = ringToFile();
    logger.info('first');
    ring.request(30, 'req-1', 'GET', '/api/me', '127.0.0.1', 200, 1);
    logger.warn({ fleet: 'sono' }, 'third');
    await vi.waitFor(() => expect(lines()).toHaveLength(3), { timeout: 2_000, interval: 20 });
    expect(lines().map((l) => l.msg)).toEqual(['first', 'request completed', 'third']);
    expect(lines()[2]).toMatchObject({ level: 40, fleet: 'sono' });
  });

  it('lines keep coming through a ring many times smaller than what passes through it', async () => {
    const { logger, ring, lines } = ringToFile(1024);
    for (let batch = 0; batch < 20; batch++) {
      for (let i = 0; i < 5; i++) ring.request(30, `req-${batch}-${i}`, 'GET', `/api/installations/${batch * 5 + i}`, '10.0.0.1', 200, 0.5);
      logger.info({ batch }, 'batch written');
      await vi.waitFor(() => expect(lines()).toHaveLength((batch + 1) * 6), { timeout: 2_000, interval: 10 });
    }
    const requests = lines().filter((l) => l.msg === 'request completed');
    expect(requests.map((l) => l.url)).toEqual(Array.from({ length: 100 }, (_, i) => `/api/installations/${i}`));
    expect(lines().some((l) => l.msg.includes('dropped'))).toBe(false);
  });

  it('when the output falls behind, lines that no longer fit are dropped and the log says how many', () => {
    const { logger, ring, lines } = ringToFile(4096);
    logger.info({ padding: 'x'.repeat(5000) }, 'longer than the ring');
    // A burst far beyond the ring: the writer thread empties it meanwhile, but not fast enough for all.
    for (let i = 0; i < 2000; i++) ring.request(30, `req-${i}`, 'GET', `/api/installations/${i}`, '10.0.0.1', 200, 0.5);
    logger.info('after the burst');
    ring.close();
    const notices = lines().filter((l) => l.msg.endsWith("log lines were dropped: the log's output fell behind"));
    const dropped = notices.reduce((sum, l) => sum + Number(l.msg.split(' ')[0]), 0);
    const written = lines().length - notices.length;
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((l) => l.level === 40)).toBe(true);
    // Every line is either written or counted: the long one, and as many of the rest as did not fit.
    expect(written + dropped).toBe(2002);
    expect(lines().some((l) => l.msg === 'longer than the ring')).toBe(false);
    expect(lines().filter((l) => l.msg === 'request completed').length).toBeGreaterThan(0);
    // Once there is room again, lines are written as before.
    logger.info('once there is room');
    expect(lines().at(-1)!.msg).toBe('once there is room');
  });

  it('close writes out everything at once, and lines logged after it are written straight away', () => {
    const { logger, ring, lines } = ringToFile();
    for (let i = 0; i < 50; i++) ring.request(30, `req-${i}`, 'GET', '/api/me', '127.0.0.1', 200, 1);
    ring.close();
    expect(lines()).toHaveLength(50);
    logger.error('after the close');
    ring.request(30, 'req-late', 'GET', '/api/me', '127.0.0.1', 200, 1);
    expect(lines().slice(-2).map((l) => l.msg)).toEqual(['after the close', 'request completed']);
  });

  it("a server that crashes still writes what it logged before the crash", () => {
    // The server's own logging (createLogging), in a process of its own that throws right after logging.
    const script = `
      const { default: Fastify } = await import('fastify');
      const { createLogging } = await import('./apps/server/src/plugins/logger.ts');
      const { loadEnv } = await import('./apps/server/src/env.ts');
      const logging = createLogging(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' }));
      const app = Fastify(logging.fastifyOptions);
      await app.register(logging.plugin);
      app.get('/answered', async () => ({ ok: true }));
      await app.ready();
      await app.inject({ url: '/answered?token=secret' });
      for (let i = 0; i < 1000; i++) app.log.info({ i }, 'line before the crash');
      throw new Error('the crash');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('the crash');
    const lines = run.stdout.split('\n').filter(Boolean).map((t) => JSON.parse(t) as Line & { i?: number });
    expect(lines.filter((l) => l.msg === 'line before the crash').map((l) => l.i)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({ level: 30, method: 'GET', url: '/answered', statusCode: 200 });
  });
});

import type net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, draftInstallation, type TestContext } from './helper';
import { pinoLineOf, type Line } from './log-lines';
import { openEventStream } from './sse-client';

/** The log's lines as written (`texts`) and parsed (`lines`). */
function captureLog() {
  const texts: string[] = [];
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) {
        texts.push(text);
        lines.push(JSON.parse(text) as Line);
      }
      done();
    },
  });
  return { stream, texts, lines, about: (url: string) => lines.filter((l) => l.url?.startsWith(url)) };
}

describe('request log', () => {
  const { stream, texts, lines, about } = captureLog();
  let c: TestContext;
  beforeAll(async () => {
    c = await createTestApp({ logStream: stream });
  });
  afterAll(async () => c?.close());

  it('health checks are logged at debug, other requests at info, each once when answered', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'logged@example.com');
    await c.app.inject({ url: '/api/health' });
    await c.app.inject({ url: '/api/health/ready' });
    await c.app.inject({ url: `/api/installations/${id}`, headers: h });
    expect(about('/api/health').map((l) => [l.level, l.msg])).toEqual([
      [20, 'request completed'],
      [20, 'request completed'],
    ]);
    expect(about(`/api/installations/${id}`).map((l) => [l.level, l.msg])).toEqual([[30, 'request completed']]);
  });

  it('a line names the method, the path without its query, the address, the status and the time', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'logged@example.com');
    await c.app.inject({ url: `/api/installations/${id}?token=one-time-secret`, headers: h });
    await c.app.inject({ url: '/api/installations/999999', headers: h });
    const [line] = about(`/api/installations/${id}`).slice(-1);
    expect(line).toMatchObject({ level: 30, method: 'GET', url: `/api/installations/${id}`, ip: '127.0.0.1', statusCode: 200, msg: 'request completed' });
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines)).not.toContain('one-time-secret');
    expect(about('/api/installations/999999')).toMatchObject([{ statusCode: 404, msg: 'request completed' }]);
  });

  it('each request line is the line pino writes for its fields, word for word', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'logged@example.com');
    const from = texts.length;
    await c.app.inject({ url: `/api/installations/${id}?page=2`, headers: h });
    await c.app.inject({ url: '/api/health' });
    await c.app.inject({ url: '/api/fleets/%22quoted%22/%C3%A4', headers: h });
    const written = texts.slice(from).filter((_, i) => lines[from + i]!.msg === 'request completed');
    expect(written).toHaveLength(3);
    for (const text of written) expect(text).toBe(pinoLineOf(JSON.parse(text) as Line));
  });

  it('an event stream is logged once, when it ends, with how long it lasted', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'logged@example.com');
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (c.app.server.address() as net.AddressInfo).port;
    const url = `/api/installations/${id}/systemChecks/events`;
    const events = await openEventStream(`http://127.0.0.1:${port}${url}`, h, () => {});
    expect(events.res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(about(url)).toEqual([]);
    events.close();
    await expect.poll(() => about(url).length).toBe(1);
    expect(about(url)[0]).toMatchObject({ level: 30, msg: 'event stream ended' });
    expect(about(url)[0]!.responseTime).toBeGreaterThanOrEqual(250);
  });
});

describe('request log behind a proxy', () => {
  const { stream, texts, about } = captureLog();
  let c: TestContext;
  beforeAll(async () => {
    c = await createTestApp({ logStream: stream, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => c?.close());

  it('a forged client address stays one field of one line', async () => {
    const forged = 'x"}{"level":60\\ü';
    const res = await c.app.inject({ url: '/api/me', headers: { 'x-forwarded-for': forged } });
    expect(res.statusCode).toBe(401);
    const [line] = about('/api/me');
    expect(line).toMatchObject({ level: 30, ip: forged, statusCode: 401, msg: 'request completed' });
    expect(texts.filter((t) => t.includes('/api/me'))).toHaveLength(1);
  });
});

import type net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, draftInstallation, type TestContext } from './helper';
import { openEventStream } from './sse-client';

interface Line {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  ip?: string;
  statusCode?: number;
  responseTime?: number;
}

describe('request log', () => {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  let c: TestContext;
  beforeAll(async () => {
    c = await createTestApp({ logStream: stream });
  });
  afterAll(async () => c?.close());
  const about = (url: string) => lines.filter((l) => l.url?.startsWith(url));

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

import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/plugins/metrics';
import { draftInstallation, lastSignInMail, ORIGIN, useTestApp } from './helper';
import { openEventStream } from './sse-client';

const ctx = useTestApp();

/** One sample of a metric with these labels, from the Prometheus text format. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('metrics on a port of their own', () => {
  const servers: { close(): void }[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it('serve process metrics, request durations by route, open streams, the read cache, mails and sign-in refusals', async () => {
    const c = await ctx();
    const server = await startMetricsServer(c.app.metrics, 0, '127.0.0.1');
    servers.push(server);
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      return res.text();
    };

    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003', 'metrics@example.com');
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: h })).statusCode).toBe(200);
    await c.app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email: 'metrics@example.com' }, headers: ORIGIN });
    const { code } = lastSignInMail(c.mails, 'metrics@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await c.app.inject({ method: 'POST', url: '/api/auth/sign-in/email-otp', payload: { email: 'metrics@example.com', otp: wrong }, headers: ORIGIN })).statusCode).toBeGreaterThanOrEqual(400);

    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
    const stream = await openEventStream(`${base}/api/installations/${id}/systemChecks/events`, h, () => {});
    try {
      const text = await scrape();
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/installations/:id', status_code: '200' })).toBe(1);
      // Patterns, never raw URLs: no series per id.
      expect(text).not.toContain(`/api/installations/${id}"`);
      expect(sample(text, 'portal_check_event_streams')).toBe(1);
      expect(sample(text, 'portal_read_cache_listening')).toBe(1);
      expect(sample(text, 'portal_read_cache_entries', { kind: 'details' })).toBe(1);
      expect(sample(text, 'portal_mails_total', { result: 'sent' })).toBe(1);
      expect(sample(text, 'portal_sign_in_refusals_total', { route: '/api/auth/sign-in/email-otp' })).toBe(1);
    } finally {
      stream.close();
    }
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(404);
  });

  it('count every request in a scrape, however many came since the last one', async () => {
    const c = await ctx();
    const count = async () => sample(await c.app.metrics.registry.metrics(), 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' }) ?? 0;
    const before = await count();
    for (let i = 0; i < 300; i++) expect((await c.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(await count()).toBe(before + 300);
    await c.app.inject({ url: '/api/health' });
    expect(await count()).toBe(before + 301);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from './helper';

const ctx = useTestApp();

describe('the OpenAPI document', () => {
  it('describes every API route, with the shared request schemas', async () => {
    const { app } = await ctx();
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const path of ['/api/installations/{id}', '/api/installations/{id}/vehicle', '/api/installations/{id}/uploads', '/api/devices/heartbeats', '/api/partners/{id}']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/installations/{id}/vehicle']!.post!.requestBody).toBeDefined();
  });
});

describe('security headers', () => {
  it('a strict CSP without inline script, no referrer, nosniff, no framing', async () => {
    const { app } = await ctx();
    const res = await app.inject({ url: '/config.auth.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS when the portal is served over https', async () => {
    const c = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      const res = await c.app.inject({ url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await c.close();
    }
  });

  it('CORS stays closed to other origins', async () => {
    const c = await ctx();
    const token = await c.tokenFor('cors@example.com');
    const preflight = await c.app.inject({
      method: 'OPTIONS',
      url: '/api/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const read = await c.app.inject({ url: '/api/me', headers: { origin: 'https://evil.example', authorization: `Bearer ${token}` } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('sign-in posts from another origin are refused', async () => {
    const { app } = await ctx();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email-otp',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.com', otp: '123456' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const send = await app.inject({ method: 'POST', url: '/api/auth/email/send', headers: { origin: 'https://evil.example' }, payload: { email: 'a@example.com' } });
    expect(send.statusCode).toBe(403);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, lastSignInMail, PUBLIC_URL, useTestApp } from './helper';

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
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // WebAssembly may compile (the label scanner), script may not be eval'd.
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('a Permissions-Policy that allows only the camera, to the portal itself, on the pages and the API documentation', async () => {
    const { app } = await ctx();
    for (const url of ['/config.auth.json', '/api/docs/json']) {
      const policy = String((await app.inject({ url })).headers['permissions-policy']);
      const entries = policy.split(',').map((e) => e.trim());
      for (const feature of ['microphone', 'geolocation', 'payment', 'usb']) expect(entries, url).toContain(`${feature}=()`);
      expect(entries, url).toContain('camera=(self)');
      expect(entries.filter((e) => !/^[a-z-]+=\(\)$/.test(e)), policy).toEqual(['camera=(self)']);
    }
  });

  it('API answers, refusals and 404s included, carry a short set under which nothing runs, is framed or is read by another origin', async () => {
    const c = await ctx();
    const token = await c.tokenFor('headers@example.com');
    const answers = [
      await c.app.inject({ url: '/api/health' }),
      await c.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } }),
      await c.app.inject({ url: '/api/me' }),
      await c.app.inject({ url: '/api/no-such-route', headers: { authorization: `Bearer ${token}` } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // The page's set on a file that is not under /api/.
    expect((await c.app.inject({ url: '/config.auth.json' })).headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('styles need a nonce: no unsafe-inline, and the page carries the nonce of its own answer', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><link rel="stylesheet" href="/assets/a.css" nonce="__CSP_NONCE__"></head><body></body></html>',
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'a.css'), 'body{}');
    const c = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      const nonces = [];
      for (const url of ['/', '/index.html', '/']) {
        const res = await c.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-store');
        const csp = String(res.headers['content-security-policy']);
        const styleSrc = csp.split(';').find((d) => d.startsWith('style-src'))!;
        expect(styleSrc).not.toContain('unsafe-inline');
        const nonce = styleSrc.match(/'nonce-([^']+)'/)?.[1];
        expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
        expect(res.body).not.toContain('__CSP_NONCE__');
        expect(res.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
        nonces.push(nonce);
      }
      expect(new Set(nonces).size).toBe(3);
      // Hashed assets are still served as files.
      expect((await c.app.inject({ url: '/assets/a.css' })).statusCode).toBe(200);
    } finally {
      await c.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('the installable app: its service worker and manifest are allowed, and both are looked at anew on every visit', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>');
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Installer Portal"}');
    const c = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      const page = await c.app.inject({ url: '/' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      const worker = await c.app.inject({ url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      // A new version reaches the browser at its next visit, never a year later.
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await c.app.inject({ url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
    } finally {
      await c.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('HSTS when the portal is served over https', async () => {
    const c = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      for (const url of ['/api/health', '/config.auth.json']) {
        const res = await c.app.inject({ url });
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      }
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

  it('the demo signs in at every loopback name of PUBLIC_URL (127.0.0.1 for localhost)', async () => {
    const c = await ctx();
    const origin = 'http://127.0.0.1:3000';
    const email = 'loopback@example.com';
    const send = await c.app.inject({ method: 'POST', url: '/api/auth/email/send', headers: { origin }, payload: { email } });
    expect(send.statusCode).toBe(200);
    const { code } = lastSignInMail(c.mails, email);
    const signIn = await c.app.inject({ method: 'POST', url: '/api/auth/sign-in/email-otp', headers: { origin }, payload: { email, otp: code } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['set-cookie']).toBeDefined();
  });

  it('in production a page at another address than PUBLIC_URL is told which address to open', async () => {
    const c = await createTestApp({ env: { DEMO: 'false' } });
    try {
      const res = await c.app.inject({ method: 'POST', url: '/api/auth/email/send', headers: { origin: 'http://127.0.0.1:3000' }, payload: { email: 'a@example.com' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN', details: { origin: 'http://127.0.0.1:3000', publicUrl: PUBLIC_URL } });
      expect(res.json().message).toContain(`PUBLIC_URL) is ${PUBLIC_URL}`);
    } finally {
      await c.close();
    }
  });
});

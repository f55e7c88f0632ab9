import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { session, user, verification } from '../src/db/schema';
import { bearer, cookieHeader, draftInstallation, lastSignInMail, ORIGIN, signInWithCode, useTestApp } from './helper';

const ctx = useTestApp();
type Ctx = Awaited<ReturnType<typeof ctx>>;

/** Asks for a sign-in mail and answers its code and link. */
const send = async (c: Ctx, email: string) => {
  const res = await c.app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email }, headers: ORIGIN });
  expect(res.statusCode).toBe(200);
  return lastSignInMail(c.mails, email);
};
/** The answer has the status and an error envelope with the code. */
function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ status, code });
}
/** Signs in with the code of a sign-in mail. */
const withCode = (c: Ctx, email: string, otp: string) => c.app.inject({ method: 'POST', url: '/api/auth/sign-in/email-otp', payload: { email, otp }, headers: ORIGIN });

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('every /api route needs a token', () => {
  it('answers 401 with the error envelope for each non-public route', async () => {
    const { app } = await ctx();
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.isPublic && !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(1);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'x1').replace('*', 'x');
      const res = await app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(ErrorEnvelopeSchema.parse(res.json())).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('refuses an expired, a tampered and an unsigned (alg none) token', async () => {
    const c = await ctx();
    const good = await c.tokenFor('tokens@example.com');
    expect((await c.app.inject({ url: '/api/me', headers: bearer(good) })).statusCode).toBe(200);

    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());

    const tampered = `${header}.${b64url({ ...claims, sub: 'someone-else' })}.${signature}`;
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    const { token: expired } = await c.app.auth.auth.api.signJWT({
      body: { payload: { ...claims, iat: claims.iat - 3600, exp: Math.floor(Date.now() / 1000) - 60 } },
    });
    for (const token of [tampered, unsigned, expired, 'not-a-jwt', `${header}.${payload}`]) {
      const res = await c.app.inject({ url: '/api/me', headers: bearer(token) });
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
  });
});

describe('sign-in by email', () => {
  it('sends one mail with a code and a link, and signs a new user in with the code', async () => {
    const c = await ctx();
    const { token, cookie } = await signInWithCode(c, 'new.installer@example.com');
    expect(cookie).toContain('session_token');
    const me = await c.app.inject({ url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    // Demo mode grants the demo fleet and company to whoever signs up.
    expect(me.json()).toMatchObject({ email: 'new.installer@example.com', name: 'new.installer', fleets: [{ slug: 'sono' }], company: { shortName: 'SFI' } });
  });

  it('validates the address', async () => {
    const { app } = await ctx();
    const res = await app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email: 'not-an-email' }, headers: ORIGIN });
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it('stores codes and links hashed, never in plain text', async () => {
    const c = await ctx();
    const { code, link } = await send(c, 'hash@example.com');
    const linkToken = new URL(link).searchParams.get('token')!;
    const rows = await c.database.db.select().from(verification);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(linkToken);
  });

  it('a code works once', async () => {
    const c = await ctx();
    const email = 'once@example.com';
    await signInWithCode(c, email);
    const { code } = lastSignInMail(c.mails, email);
    const again = await withCode(c, email, code);
    expectError(again, 400, 'INVALID_CODE');
  });

  it('a wrong code says so, and after 5 wrong tries even the right code is refused', async () => {
    const c = await ctx();
    const email = 'guess@example.com';
    const { code } = await send(c, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await withCode(c, email, wrong);
      expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_CODE' });
    }
    const sixth = await withCode(c, email, code);
    expectError(sixth, 403, 'TOO_MANY_ATTEMPTS');
  });

  it('a code expires after 10 minutes', async () => {
    const c = await ctx();
    const email = 'late@example.com';
    const { code } = await send(c, email);
    const [row] = await c.database.db.select().from(verification).where(eq(verification.identifier, `sign-in-otp-${email}`));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await c.database.db.update(verification).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(verification.id, row!.id));
    const res = await withCode(c, email, code);
    expect(res.json()).toMatchObject({ status: 400, code: 'CODE_EXPIRED' });
  });

  it('the link signs in once and then redirects with an error', async () => {
    const c = await ctx();
    const email = 'link@example.com';
    const { link } = await send(c, email);
    const url = new URL(link);
    expect(url.origin).toBe('http://localhost:3000');
    const first = await c.app.inject({ url: url.pathname + url.search });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://localhost:3000/#/login/callback');
    const cookie = cookieHeader(first.headers['set-cookie']);
    const token = await c.app.inject({ url: '/api/auth/token', headers: { cookie } });
    expect(token.statusCode).toBe(200);
    expect((await c.app.inject({ url: '/api/me', headers: bearer(token.json().token) })).json()).toMatchObject({ email });

    const second = await c.app.inject({ url: url.pathname + url.search });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('http://localhost:3000/?error=INVALID_TOKEN#/login/callback');
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('never hands the session token to page scripts', async () => {
    const c = await ctx();
    const email = 'cookie@example.com';
    const { code } = await send(c, email);
    const res = await withCode(c, email, code);
    expect(res.json()).not.toHaveProperty('token');
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    // Nor does the session read: no token, no IP address, no user agent.
    const cookie = cookieHeader(res.headers['set-cookie']);
    const sessionToken = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    const session = await c.app.inject({ url: '/api/auth/get-session', headers: { cookie, 'user-agent': 'Depot Tablet/1.0' } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email });
    expect(session.json().session).not.toHaveProperty('token');
    expect(session.json().session).not.toHaveProperty('ipAddress');
    expect(session.json().session).not.toHaveProperty('userAgent');
    expect(session.body).not.toContain(sessionToken);
  });

  it('closes the parts of the auth library the portal does not use', async () => {
    const { app } = await ctx();
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'x@example.com', password: 'password123', name: 'x' }, headers: ORIGIN });
    expectError(res, 404, 'NOT_FOUND');
  });
});

describe('one sign-in mail is one secret', () => {
  const withLink = (c: Ctx, link: string) => {
    const url = new URL(link);
    return c.app.inject({ url: url.pathname + url.search });
  };
  const sessionsOf = async (c: Ctx, email: string) => {
    const [u] = await c.database.db.select().from(user).where(eq(user.email, email));
    return u ? (await c.database.db.select().from(session).where(eq(session.userId, u.id))).length : 0;
  };
  const pendingSecrets = async (c: Ctx) => (await c.database.db.select().from(verification)).length;

  it('signing in with the code burns the link of the same mail', async () => {
    const c = await ctx();
    const email = 'code-then-link@example.com';
    const { code, link } = await send(c, email);
    expect((await withCode(c, email, code)).statusCode).toBe(200);
    expect(await sessionsOf(c, email)).toBe(1);
    const res = await withLink(c, link);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('error=INVALID_TOKEN');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(c, email)).toBe(1);
  });

  it('signing in with the link burns the code of the same mail', async () => {
    const c = await ctx();
    const email = 'link-then-code@example.com';
    const { code, link } = await send(c, email);
    const first = await withLink(c, link);
    expect(first.headers.location).toBe('http://localhost:3000/#/login/callback');
    expect(await sessionsOf(c, email)).toBe(1);
    const res = await withCode(c, email, code);
    expect(res.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(res.json())).toMatchObject({ status: 400, code: 'INVALID_CODE' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(c, email)).toBe(1);
  });

  it('a newer mail burns the code and the link of the older one', async () => {
    const c = await ctx();
    const email = 'newer-mail@example.com';
    const older = await send(c, email);
    const before = await pendingSecrets(c);
    const newer = await send(c, email);
    // The newer mail replaced the older one's code and link: nothing more is pending than before.
    expect(await pendingSecrets(c)).toBe(before);
    const oldCode = await withCode(c, email, older.code);
    if (older.code !== newer.code) expect(oldCode.json()).toMatchObject({ status: 400, code: 'INVALID_CODE' });
    const oldLink = await withLink(c, older.link);
    expect(oldLink.headers.location).toContain('error=INVALID_TOKEN');
    expect(oldLink.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(c, email)).toBe(0);
    expect((await withCode(c, email, newer.code)).statusCode).toBe(200);
    expect(await sessionsOf(c, email)).toBe(1);
  });
});

describe('logout', () => {
  it('kills the ID tokens of the session at once', async () => {
    const c = await ctx();
    const { token, cookie } = await signInWithCode(c, 'leaving@example.com');
    expect((await c.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    const out = await c.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, ...ORIGIN }, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await c.app.inject({ url: '/api/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const renew = await c.app.inject({ url: '/api/auth/token', headers: { cookie } });
    expectError(renew, 401, 'UNAUTHORIZED');
  });
});

describe('one keep-alive connection, several tokens', () => {
  /** GETs on one socket, one after another, as a proxy's upstream connection or a shared device's browser carries them. */
  async function onOneConnection(c: Ctx) {
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = c.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = (url: string, token: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers: bearer(token) }, (res) => {
          sockets.add(res.socket);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        });
        req.on('error', reject);
      });
    return { get, sockets, close: () => agent.destroy() };
  }

  it("each request is answered for its own token: another fleet's user gets 404, a logged-out session 401, an expired token 401", async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'keepalive-sono@example.com');
    const sono = h.authorization.replace('Bearer ', '');
    const acme = await c.tokenFor('keepalive-acme@example.com', [{ fleet: 'acme' }]);
    const leaving = await signInWithCode(c, 'keepalive-leaving@example.com');
    await c.tokenFor('keepalive-leaving@example.com');
    const connection = await onOneConnection(c);
    try {
      const detail = `/api/installations/${id}`;
      expect((await connection.get(detail, sono)).status).toBe(200);
      expect((await connection.get(detail, sono)).status).toBe(200);
      const refused = await connection.get(detail, acme);
      expect(refused).toMatchObject({ status: 404, body: { status: 404, code: 'NOT_FOUND' } });
      expect((await connection.get('/api/me', acme)).body).toMatchObject({ email: 'keepalive-acme@example.com' });
      expect((await connection.get(detail, sono)).body).toMatchObject({ id, fleet: 'sono' });

      // The session ends: its token, seen on this connection before, is refused on the next request.
      const list = '/api/installations?fleet=sono';
      expect((await connection.get(list, leaving.token)).status).toBe(200);
      expect((await connection.get('/api/me', leaving.token)).status).toBe(200);
      const out = await c.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: leaving.cookie, ...ORIGIN }, payload: {} });
      expect(out.statusCode).toBe(200);
      expect(await connection.get('/api/me', leaving.token)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
      expect(await connection.get(list, leaving.token)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });

      // The token's time runs out while the connection stays open, right after a request with it.
      expect((await connection.get('/api/me', sono)).status).toBe(200);
      const { exp } = JSON.parse(Buffer.from(sono.split('.')[1]!, 'base64url').toString()) as { exp: number };
      vi.useFakeTimers({ toFake: ['Date'], now: exp * 1000 + 1000 });
      expect(await connection.get('/api/me', sono)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
      expect(await connection.get(detail, sono)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
      expect(connection.sockets.size).toBe(1);
    } finally {
      vi.useRealTimers();
      connection.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { bearer, ORIGIN, useTestApp } from './helper';

const ctx = useTestApp();

/** The answer has the status and carries the error envelope with the code. */
function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(ErrorEnvelopeSchema.parse(res.json())).toMatchObject({ status, code });
}

describe('the error envelope', () => {
  it('an unknown route answers 404 with the envelope for a signed-in user', async () => {
    const c = await ctx();
    const token = await c.tokenFor('errors@example.com');
    const res = await c.app.inject({ url: '/api/nothing-here', headers: bearer(token) });
    expectEnvelope(res, 404, 'NOT_FOUND');
  });

  // Raw bodies to the sign-in mail route, which takes JSON.
  it.each([
    { name: 'malformed JSON is a validation error, not a 500', contentType: 'application/json', payload: '{"email": ', status: 400, code: 'VALIDATION_ERROR' },
    {
      name: 'a body over the limit answers 413 with the envelope',
      contentType: 'application/json',
      payload: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(1_100_000) }),
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    { name: 'an unsupported content type answers 415 with the envelope', contentType: 'text/xml', payload: '<a/>', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  ])('$name', async ({ contentType, payload, status, code }) => {
    const { app } = await ctx();
    const res = await app.inject({ method: 'POST', url: '/api/auth/email/send', headers: { 'content-type': contentType, ...ORIGIN }, payload });
    expectEnvelope(res, status, code);
  });

  it('names the invalid field in the details', async () => {
    const { app } = await ctx();
    const res = await app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email: 42 }, headers: ORIGIN });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.email');
  });

  it('an unexpected failure is a 500 envelope without a stack trace', async () => {
    const c = await ctx();
    const token = await c.tokenFor('boom@example.com');
    // Break the database under a route that needs it.
    const original = c.app.db.select.bind(c.app.db);
    c.app.db.select = (() => {
      throw new Error('secret internals: connection string postgres://user:pw@host');
    }) as never;
    try {
      const res = await c.app.inject({ url: '/api/fleets/sono', headers: bearer(token) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' });
      expect(res.body).not.toContain('secret');
    } finally {
      c.app.db.select = original;
    }
  });

  it('serves the security headers', async () => {
    const { app } = await ctx();
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('GET /api/health (liveness) and /api/health/ready (readiness)', () => {
  it('both answer 200 while the database answers; without an object store readiness says so', async () => {
    const { app } = await ctx();
    const live = await app.inject({ url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok', objectStore: 'none' });
  });

  it('when the database does not answer, readiness is 503 with the envelope naming it, and the process stays live', async () => {
    const c = await ctx();
    const ping = c.database.ping;
    c.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await c.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', details: { database: 'unreachable' } });
      expect((await c.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      c.database.ping = ping;
    }
  });
});

describe('configuration for the login page', () => {
  it('offers no social buttons without client ids', async () => {
    const { app } = await ctx();
    const res = await app.inject({ url: '/config.auth.json' });
    expect(res.json()).toMatchObject({ emailLink: true, google: null, microsoft: null });
  });
});

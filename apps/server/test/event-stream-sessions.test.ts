import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { runAdminCommand } from '../src/admin/commands';
import { buildApp } from '../src/app';
import { eventStream, session } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { bearer, DEVICE_KEY, draftInstallation, ORIGIN, PUBLIC_URL, signInWithCode, useTestApp, type TestContext } from './helper';
import { openEventStream } from './sse-client';

const ctx = useTestApp({ env: { EVENT_STREAM_CHECK_MS: '100', EVENT_STREAMS_PER_USER: '10', SSE_KEEPALIVE_MS: '60000' } });

const opened: { close(): void }[] = [];
afterAll(() => opened.forEach((s) => s.close()));

async function baseUrl(c: TestContext) {
  if (!c.app.server.listening) await c.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
}

/** Opens a stream and records whether the server has ended it. */
async function watch(url: string, headers: Record<string, string>) {
  const messages: EventSourceMessage[] = [];
  const stream = await openEventStream(url, headers, (m) => messages.push(m));
  opened.push(stream);
  const state = { ended: false, messages, stream };
  void stream.done.then(() => (state.ended = true));
  return state;
}

const heartbeatOf = (imei: string) => ({ type: 'telematics-heartbeat', imei, timestamp: new Date().toISOString() });

async function sessionOf(c: TestContext, email: string, serial: string) {
  const { cookie, token } = await signInWithCode(c, email);
  const { id } = await draftInstallation(c, serial, email);
  return { cookie, h: bearer(token), id };
}

describe('a check event stream ends with its session', () => {
  it('logout closes a stream that is being held open, and later events no longer reach it', async () => {
    const c = await ctx();
    const { cookie, h, id } = await sessionOf(c, 'stream-logout@example.com', 'SN-DEMO-0001');
    const url = `${await baseUrl(c)}/api/installations/${id}/systemChecks/events`;
    await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h });
    const s = await watch(url, h);
    expect(s.stream.res.status).toBe(200);
    await expect.poll(async () => (await c.database.db.select().from(eventStream).where(eq(eventStream.installationId, id))).length, { timeout: 5000 }).toBe(1);

    const out = await c.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, ...ORIGIN }, payload: {} });
    expect(out.statusCode).toBe(200);
    await expect.poll(() => s.ended, { timeout: 5000 }).toBe(true);

    const before = s.messages.length;
    const hb = await c.app.inject({ method: 'POST', url: '/api/devices/heartbeats', headers: { 'x-api-key': DEVICE_KEY }, payload: heartbeatOf('356938035643801') });
    expect(hb.json().matched).toBe(1);
    expect(s.messages.length).toBe(before);
    expect(await c.database.db.select().from(eventStream).where(eq(eventStream.installationId, id))).toHaveLength(0);
    // Reconnecting with the dead token is refused.
    const again = await fetch(url, { headers: h });
    expect(again.status).toBe(401);
    expect(ErrorEnvelopeSchema.parse(await again.json())).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('an expired session closes its stream', async () => {
    const c = await ctx();
    const { h, id } = await sessionOf(c, 'stream-expiry@example.com', 'SN-DEMO-0002');
    const s = await watch(`${await baseUrl(c)}/api/installations/${id}/systemChecks/events`, h);
    expect(s.stream.res.status).toBe(200);
    const [row] = await c.database.db.select().from(eventStream).where(eq(eventStream.installationId, id));
    await c.database.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.id, row!.sessionId));
    await expect.poll(() => s.ended, { timeout: 5000 }).toBe(true);
  });

  it('losing the fleet membership closes the stream', async () => {
    const c = await ctx();
    const email = 'stream-revoked@example.com';
    const { h, id } = await sessionOf(c, email, 'SN-DEMO-0003');
    const s = await watch(`${await baseUrl(c)}/api/installations/${id}/systemChecks/events`, h);
    expect(s.stream.res.status).toBe(200);
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'revoke', email, fleet: 'sono' });
    await expect.poll(() => s.ended, { timeout: 5000 }).toBe(true);
  });

  it('a logout through one server process closes the stream another process holds', async () => {
    const c = await ctx();
    const { cookie, h, id } = await sessionOf(c, 'stream-other-process@example.com', 'SN-DEMO-0004');
    // A second app on the same database shares nothing with the first but the database.
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: c.dataDir, PUBLIC_URL, DEMO: 'false', LOG_LEVEL: 'silent', WEB_DIST: c.dataDir, CHECK_SWEEP_INTERVAL_MS: '0', EVENT_STREAM_CHECK_MS: '100' });
    const other = await buildApp({ env, database: c.database, authSecret: 'test-secret-test-secret-test-secret-0123', logger: false, mailer: { send: async () => {} } });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const s = await watch(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}/api/installations/${id}/systemChecks/events`, h);
      expect(s.stream.res.status).toBe(200);
      await c.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, ...ORIGIN }, payload: {} });
      await expect.poll(() => s.ended, { timeout: 5000 }).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('open streams per user', () => {
  it('the 11th stream of a user answers 429 and is not counted; closing one makes room', async () => {
    const c = await ctx();
    const { h, id } = await sessionOf(c, 'stream-many@example.com', 'SN-DEMO-0005');
    const url = `${await baseUrl(c)}/api/installations/${id}/systemChecks/events`;
    const streams = [];
    for (let i = 0; i < 10; i++) {
      const s = await watch(url, h);
      expect(s.stream.res.status, `stream ${i + 1}`).toBe(200);
      streams.push(s);
    }
    const eleventh = await fetch(url, { headers: h });
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ErrorEnvelopeSchema.parse(await eleventh.json())).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const [row] = await c.database.db.select().from(eventStream).where(eq(eventStream.installationId, id)).limit(1);
    expect(await c.database.db.select().from(eventStream).where(eq(eventStream.userId, row!.userId))).toHaveLength(10);

    // Another user is not affected by this one's streams.
    const other = await watch(url, bearer(await c.tokenFor('stream-neighbour@example.com')));
    expect(other.stream.res.status).toBe(200);

    streams[0]!.stream.close();
    await expect.poll(async () => (await c.database.db.select().from(eventStream).where(eq(eventStream.userId, row!.userId))).length, { timeout: 5000 }).toBe(9);
    const next = await watch(url, h);
    expect(next.stream.res.status).toBe(200);
  });
});

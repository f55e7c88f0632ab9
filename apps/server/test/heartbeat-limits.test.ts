import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { buildApp } from '../src/app';
import { heartbeat, sendLimit } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { DEVICE_KEY, draftInstallation, PUBLIC_URL, useTestApp, type TestContext } from './helper';

const FLOOD_KEY = 'flooding-device-key-0123456789';
const CALM_KEY = 'calm-device-key-0123456789';
const ctx = useTestApp({
  env: { DEVICE_API_KEYS: [DEVICE_KEY, FLOOD_KEY, CALM_KEY].join(','), HEARTBEAT_RATE_LIMIT: '5', HEARTBEAT_RATE_WINDOW_SECONDS: '600', CHECK_SWEEP_INTERVAL_MS: '50' },
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const post = (c: TestContext, payload: unknown, key = DEVICE_KEY) =>
  c.app.inject({ method: 'POST', url: '/api/devices/heartbeats', payload: payload as object, headers: { 'x-api-key': key } });
const storedFor = async (c: TestContext, imeis: string[]) =>
  (await c.database.db.select().from(heartbeat).where(inArray(heartbeat.imei, imeis))).map((r) => r.imei).sort();

describe('heartbeat timestamps', () => {
  it('refuses items more than 24 h old or 5 min ahead, reports them by index, and stores only the rest', async () => {
    const c = await ctx();
    const res = await post(c, [
      { type: 'telematics-heartbeat', imei: '111111111111101', timestamp: hoursAgo(0) },
      { type: 'telematics-heartbeat', imei: '111111111111102', timestamp: hoursAgo(24.1) },
      { type: 'telematics-heartbeat', imei: '111111111111103', timestamp: hoursAgo(-0.1) },
      { type: 'telematics-heartbeat', imei: '111111111111104', timestamp: hoursAgo(23.9) },
      { type: 'mcu-heartbeat', imei: '111111111111105', controllerSerial: 'X-1', timestamp: hoursAgo(-0.05) },
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      received: 3,
      matched: 0,
      rejected: [
        { index: 1, code: 'TIMESTAMP_TOO_OLD', message: expect.any(String) },
        { index: 2, code: 'TIMESTAMP_IN_FUTURE', message: expect.any(String) },
      ],
    });
    expect(await storedFor(c, ['111111111111101', '111111111111102', '111111111111103', '111111111111104', '111111111111105'])).toEqual([
      '111111111111101',
      '111111111111104',
      '111111111111105',
    ]);
  });

  it('a stale heartbeat does not turn its check green', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h });
    const res = await post(c, { type: 'telematics-heartbeat', imei: '356938035643801', timestamp: hoursAgo(30) });
    expect(res.json()).toMatchObject({ received: 0, matched: 0, rejected: [{ index: 0, code: 'TIMESTAMP_TOO_OLD' }] });
    const run = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect(run.checks[0]).toMatchObject({ type: 'telematics-heartbeat', status: 'pending' });
    expect(await storedFor(c, ['356938035643801'])).toEqual([]);
  });
});

describe('heartbeat rate limit per device key', () => {
  it('refuses a flood from one key with the 429 envelope and stores none of it; other keys go on', async () => {
    const c = await ctx();
    for (let i = 0; i < 5; i++) {
      expect((await post(c, { type: 'telematics-heartbeat', imei: '222222222222200', timestamp: hoursAgo(0) }, FLOOD_KEY)).statusCode).toBe(202);
    }
    const flood = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(c, { type: 'telematics-heartbeat', imei: `2222222222222${String(10 + i)}`, timestamp: hoursAgo(0) }, FLOOD_KEY)),
    );
    for (const res of flood) {
      expect(res.statusCode).toBe(429);
      expect(ErrorEnvelopeSchema.parse(res.json())).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await storedFor(c, Array.from({ length: 10 }, (_, i) => `2222222222222${String(10 + i)}`))).toEqual([]);
    expect(await storedFor(c, ['222222222222200'])).toHaveLength(5);

    expect((await post(c, { type: 'telematics-heartbeat', imei: '222222222222300', timestamp: hoursAgo(0) }, CALM_KEY)).statusCode).toBe(202);
    // Wrong keys are refused before they are counted.
    const wrong = await post(c, { type: 'telematics-heartbeat', imei: '222222222222301', timestamp: hoursAgo(0) }, 'not-a-key');
    expect(wrong.statusCode).toBe(401);
  });

  it('the limit holds across server processes on one database', async () => {
    const c = await ctx();
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: c.dataDir,
      PUBLIC_URL,
      DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: c.dataDir,
      CHECK_SWEEP_INTERVAL_MS: '0',
      DEVICE_API_KEYS: FLOOD_KEY,
      HEARTBEAT_RATE_LIMIT: '5',
      HEARTBEAT_RATE_WINDOW_SECONDS: '600',
    });
    const other = await buildApp({ env, database: c.database, authSecret: 'test-secret-test-secret-test-secret-0123', logger: false, mailer: { send: async () => {} } });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/api/devices/heartbeats',
        headers: { 'x-api-key': FLOOD_KEY },
        payload: { type: 'telematics-heartbeat', imei: '222222222222400', timestamp: hoursAgo(0) },
      });
      expect(res.statusCode).toBe(429);
      expect(await storedFor(c, ['222222222222400'])).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('heartbeat retention', () => {
  it('the sweeper deletes heartbeats older than HEARTBEAT_RETENTION_DAYS and keeps younger ones', async () => {
    const c = await ctx();
    const row = (imei: string, days: number) => ({
      type: 'telematics-heartbeat',
      imei,
      deviceTimestamp: new Date(Date.now() - days * 86_400_000),
      receivedAt: sql`now() - make_interval(days => ${days})` as unknown as Date,
    });
    await c.database.db.insert(heartbeat).values([row('333333333333301', 31), row('333333333333302', 45), row('333333333333303', 29)]);
    await expect.poll(() => storedFor(c, ['333333333333301', '333333333333302', '333333333333303']), { timeout: 5000 }).toEqual(['333333333333303']);
    const [kept] = await c.database.db.select().from(heartbeat).where(eq(heartbeat.imei, '333333333333303'));
    expect(kept).toBeDefined();
  });
});

describe('rate-limit counters', () => {
  it('the sweeper deletes counters whose window has ended and keeps running ones', async () => {
    const c = await ctx();
    await c.database.db.insert(sendLimit).values([
      { key: 'test:ended', count: 3, windowStart: sql`now() - interval '2 hours'` as unknown as Date },
      { key: 'test:running', count: 3, windowStart: sql`now()` as unknown as Date },
    ]);
    // The longest window here is the sign-in code window (1 h).
    await expect
      .poll(async () => (await c.database.db.select().from(sendLimit).where(inArray(sendLimit.key, ['test:ended', 'test:running']))).map((r) => r.key), { timeout: 5000 })
      .toEqual(['test:running']);
  });
});

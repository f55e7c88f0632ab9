import type { AddressInfo } from 'node:net';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it, vi } from 'vitest';
import type { SystemCheckEvent } from '@portal/domain/system-check';
import { heartbeat, installation, systemCheck, systemCheckEvent } from '../src/db/schema';
import { devicesOfChecks, heartbeatsForDevices } from '../src/simulator/simulator';
import { bearer, DEVICE_KEY, draftInstallation, useTestApp, type TestContext } from './helper';
import { openEventStream } from './sse-client';

const ctx = useTestApp({ env: { CHECK_WINDOW_SECONDS: '1', SSE_KEEPALIVE_MS: '200' } });

const now = () => new Date().toISOString();
const post = (c: TestContext, payload: unknown, key: string | null = DEVICE_KEY) =>
  c.app.inject({ method: 'POST', url: '/api/devices/heartbeats', payload: payload as object, headers: key ? { 'x-api-key': key } : {} });


describe('check runs', () => {
  it('the first read starts a run with pending checks: per telematics unit its heartbeat, ignition and sense line, per controller its heartbeat', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const res = await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h });
    expect(res.statusCode).toBe(200);
    const run = res.json();
    expect(run.checks.map((x: { type: string; status: string; imei: string; controllerSerial: string }) => [x.type, x.status, x.imei, x.controllerSerial])).toEqual([
      ['telematics-heartbeat', 'pending', '356938035643801', null],
      ['mcu-heartbeat', 'pending', '356938035643801', 'CC-DEMO-0001-A'],
      ['mcu-heartbeat', 'pending', '356938035643801', 'CC-DEMO-0001-B'],
      ['ignition-heartbeat', 'pending', '356938035643801', null],
      ['sense-line-connection', 'pending', '356938035643801', null],
    ]);
    expect(new Date(run.checks[0].createdAt).toISOString()).toBe(run.checks[0].createdAt);
    // A second read returns the same run.
    const again = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect(again.runId).toBe(run.runId);
  });

  it('a heartbeat turns its check green, later ones merge into it, raw heartbeats are kept', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0002');
    await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h });
    const first = await post(c, { type: 'telematics-heartbeat', imei: '356938035643802', timestamp: now() });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ received: 1, matched: 1, rejected: [] });
    const batch = await post(c, [
      { type: 'mcu-heartbeat', imei: '356938035643802', controllerSerial: 'CC-DEMO-0002-A', totalMcu: 1, timestamp: now() },
      { type: 'telematics-heartbeat', imei: '356938035643802', timestamp: now() },
    ]);
    expect(batch.json()).toEqual({ received: 2, matched: 2, rejected: [] });
    const run = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect(run.checks.map((x: { type: string; status: string }) => [x.type, x.status])).toEqual([
      ['telematics-heartbeat', 'success'],
      ['mcu-heartbeat', 'success'],
      ['ignition-heartbeat', 'pending'],
      ['sense-line-connection', 'pending'],
    ]);
    expect(run.checks[1].totalMcu).toBe(1);
    const rows = await c.database.db.select().from(systemCheck).where(eq(systemCheck.installationId, id));
    expect(rows).toHaveLength(4);
    expect(await c.database.db.select().from(heartbeat).where(eq(heartbeat.imei, '356938035643802'))).toHaveLength(3);
  });

  it('a check still pending after the window fails, exactly once even with concurrent sweepers', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0005');
    await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h });
    await post(c, [
      { type: 'telematics-heartbeat', imei: '356938035643805', timestamp: now() },
      { type: 'mcu-heartbeat', imei: '356938035643805', controllerSerial: 'CC-DEMO-0005-A', timestamp: now() },
      { type: 'ignition-heartbeat', imei: '356938035643805', timestamp: now() },
      { type: 'sense-line-connection', imei: '356938035643805', timestamp: now() },
    ]);
    // The window (1 s here) is counted by the database's clock: wait until it has passed there.
    await vi.waitFor(
      async () => {
        const due = await c.database.db.select().from(systemCheck).where(and(eq(systemCheck.installationId, id), eq(systemCheck.status, 'pending'), lte(systemCheck.deadlineAt, sql`now()`)));
        expect(due.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    const expired = await c.database.db.select().from(systemCheck).where(and(eq(systemCheck.status, 'pending'), lte(systemCheck.deadlineAt, new Date())));
    const swept = await Promise.all([c.app.systemChecks.sweep(), c.app.systemChecks.sweep(), c.app.systemChecks.sweep()]);
    // Every expired row failed once in all: no sweeper took a row another one had.
    expect(swept.reduce((a, b) => a + b, 0)).toBe(expired.length);
    const failedEvents = (await c.database.db.select().from(systemCheckEvent).where(eq(systemCheckEvent.installationId, id))).filter((e) =>
      e.payload.includes('"status":"failed"'),
    );
    expect(failedEvents).toHaveLength(1);
    const run = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect(run.checks.map((x: { status: string }) => x.status)).toEqual(['success', 'success', 'failed', 'success', 'success']);
    // A heartbeat after the window does not revive the failed check.
    await post(c, { type: 'mcu-heartbeat', imei: '356938035643805', controllerSerial: 'CC-DEMO-0005-B', timestamp: now() });
    const after = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect(after.checks[2].status).toBe('failed');

    // Proceeding with the failed check is recorded; a later all-green run resets it.
    const detail = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
    const proceed = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: detail.version, proceededWithFailedChecks: true, failedChecksReason: 'Controller B is replaced next week' } });
    expect(proceed.json().proceededWithFailedChecks).toBe(true);
    await c.app.inject({ method: 'POST', url: `/api/installations/${id}/systemChecks/restart`, headers: h });
    await post(c, [
      { type: 'telematics-heartbeat', imei: '356938035643805', timestamp: now() },
      { type: 'mcu-heartbeat', imei: '356938035643805', controllerSerial: 'CC-DEMO-0005-A', timestamp: now() },
      { type: 'mcu-heartbeat', imei: '356938035643805', controllerSerial: 'CC-DEMO-0005-B', timestamp: now() },
      { type: 'ignition-heartbeat', imei: '356938035643805', timestamp: now() },
      { type: 'sense-line-connection', imei: '356938035643805', timestamp: now() },
    ]);
    const [row] = await c.database.db.select().from(installation).where(eq(installation.id, id));
    expect(row!.proceededWithFailedChecks).toBe(false);
    expect(row!.failedChecksReason).toBeNull();
  });

  it('restart starts a new run with every check pending; the old run no longer listens', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0004');
    const first = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    await post(c, { type: 'telematics-heartbeat', imei: '356938035643804', timestamp: now() });
    const restarted = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/systemChecks/restart`, headers: h });
    expect(restarted.statusCode).toBe(200);
    const run = restarted.json();
    expect(run.runId).toBeGreaterThan(first.runId);
    expect(run.checks.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    await post(c, { type: 'telematics-heartbeat', imei: '356938035643804', timestamp: now() });
    const oldRows = await c.database.db.select().from(systemCheck).where(eq(systemCheck.runId, first.runId));
    expect(oldRows.find((r) => r.type === 'telematics-heartbeat')!.status).toBe('success');
    expect(oldRows.find((r) => r.type === 'mcu-heartbeat')!.status).toBe('pending');
  });
});

describe('ignition and sense line', () => {
  it('the telematics unit reports each by its IMEI; each turns its own row, another IMEI none', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const run = (await c.app.inject({ method: 'POST', url: `/api/installations/${id}/systemChecks/restart`, headers: h })).json();
    const statusOf = async (type: string) =>
      (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json().checks.find((x: { type: string }) => x.type === type).status;

    const foreign = await post(c, { type: 'ignition-heartbeat', imei: '356938035643899', timestamp: now() });
    expect(foreign.json()).toEqual({ received: 1, matched: 0, rejected: [] });
    const ignition = await post(c, { type: 'ignition-heartbeat', imei: '356938035643801', timestamp: now() });
    expect(ignition.statusCode).toBe(202);
    expect(ignition.json()).toEqual({ received: 1, matched: 1, rejected: [] });
    expect(await statusOf('ignition-heartbeat')).toBe('success');
    expect(await statusOf('sense-line-connection')).toBe('pending');
    expect(await statusOf('telematics-heartbeat')).toBe('pending');

    expect((await post(c, [{ type: 'sense-line-connection', imei: '356938035643801', timestamp: now() }])).json()).toEqual({ received: 1, matched: 1, rejected: [] });
    expect(await statusOf('sense-line-connection')).toBe('success');
    const events = (await c.app.systemChecks.eventsAfter(id, Number(run.lastEventId))).map((e) => JSON.parse(e.payload) as SystemCheckEvent);
    expect(events.map((e) => e.kind === 'check-updated' && [e.check.type, e.check.status, e.check.imei])).toEqual([
      ['ignition-heartbeat', 'success', '356938035643801'],
      ['sense-line-connection', 'success', '356938035643801'],
    ]);
    const raw = await c.database.db.select().from(heartbeat).where(eq(heartbeat.imei, '356938035643801'));
    expect(raw.map((r) => r.type).sort()).toEqual(['ignition-heartbeat', 'sense-line-connection']);
  });

  it('the simulated gateways report every check of a demo system but SN-DEMO-0005-B, which fails', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0005');
    const run = (await c.app.inject({ method: 'POST', url: `/api/installations/${id}/systemChecks/restart`, headers: h })).json();
    const res = await post(c, heartbeatsForDevices(devicesOfChecks(run.checks)));
    expect(res.json()).toEqual({ received: 4, matched: 4, rejected: [] });
    await expect
      .poll(
        async () => {
          await c.app.systemChecks.sweep();
          const checks = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json().checks;
          return checks.map((x: { type: string; controllerSerial: string | null; status: string }) => [x.type, x.controllerSerial, x.status]);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toEqual([
        ['telematics-heartbeat', null, 'success'],
        ['mcu-heartbeat', 'CC-DEMO-0005-A', 'success'],
        ['mcu-heartbeat', 'CC-DEMO-0005-B', 'failed'],
        ['ignition-heartbeat', null, 'success'],
        ['sense-line-connection', null, 'success'],
      ]);
  });
});

describe('simulated gateways', () => {
  it('leave out CC-DEMO-0005-B and every controller imported as CC-SILENT-…', () => {
    const sent = heartbeatsForDevices([{ imei: '356938035643899', controllers: ['CC-E2E-1-A', 'CC-SILENT-1-B', 'cc-silent-2', 'CC-DEMO-0005-B'] }]);
    expect(sent.flatMap((h) => (h.type === 'mcu-heartbeat' ? [h.controllerSerial] : []))).toEqual(['CC-E2E-1-A']);
    expect(sent.map((h) => h.type)).toEqual(['telematics-heartbeat', 'ignition-heartbeat', 'sense-line-connection', 'mcu-heartbeat']);
  });
});

describe('device ingest', () => {
  it('refuses a missing or wrong device key, and a user token, with 401', async () => {
    const c = await ctx();
    const hb = { type: 'telematics-heartbeat', imei: '356938035643801', timestamp: now() };
    for (const res of [
      await post(c, hb, null),
      await post(c, hb, 'wrong-key'),
      await c.app.inject({ method: 'POST', url: '/api/devices/heartbeats', payload: hb, headers: bearer(await c.tokenFor('user-not-device@example.com')) }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('validates heartbeats', async () => {
    const c = await ctx();
    for (const bad of [
      { type: 'mcu-heartbeat', imei: '123', timestamp: 'yesterday' },
      { type: 'ignition-heartbeat', imei: '35693803564380', timestamp: now() },
      { type: 'sense-line-connection', imei: '356938035643801', timestamp: 'yesterday' },
      { type: 'door-heartbeat', imei: '356938035643801', timestamp: now() },
    ]) {
      const res = await post(c, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('event stream', () => {
  it('streams changes as JSON events with ids, retry and keep-alives, and replays from Last-Event-ID', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
    const run = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();

    const received: EventSourceMessage[] = [];
    const stream = await openEventStream(`${base}/api/installations/${id}/systemChecks/events`, { ...h, 'last-event-id': run.lastEventId }, (m) => received.push(m));
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);

    await post(c, { type: 'telematics-heartbeat', imei: '356938035643803', timestamp: now() });
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    const event = JSON.parse(received[0]!.data) as SystemCheckEvent;
    expect(event).toMatchObject({ kind: 'check-updated', check: { type: 'telematics-heartbeat', status: 'success' } });
    expect(Number(received[0]!.id)).toBeGreaterThan(Number(run.lastEventId));
    stream.close();

    // While disconnected: one more change. Reconnecting with the last id replays exactly it.
    await post(c, { type: 'mcu-heartbeat', imei: '356938035643803', controllerSerial: 'CC-DEMO-0003-A', timestamp: now() });
    const replayed: EventSourceMessage[] = [];
    const again = await openEventStream(`${base}/api/installations/${id}/systemChecks/events`, { ...h, 'last-event-id': received[0]!.id! }, (m) => replayed.push(m));
    await expect.poll(() => replayed.length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(replayed[0]!.data)).toMatchObject({ check: { controllerSerial: 'CC-DEMO-0003-A', status: 'success' } });
    again.close();

    // The raw stream carries retry: 1000 and keep-alive comments.
    const raw = await fetch(`${base}/api/installations/${id}/systemChecks/events`, { headers: h });
    const reader = raw.body!.getReader();
    let text = '';
    const deadline = Date.now() + 3000;
    while (!text.includes(': keep-alive') && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('retry: 1000');
    expect(text).toContain(': keep-alive');
    await reader.cancel();
  });

  it('streams of one installation opened at different event ids each get every later event once, in order', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0004');
    if (!c.app.server.listening) await c.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}/api/installations/${id}/systemChecks/events`;
    const run = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    // A heartbeat to a check that already passed is logged again.
    await post(c, { type: 'telematics-heartbeat', imei: '356938035643804', timestamp: now() });
    await post(c, { type: 'telematics-heartbeat', imei: '356938035643804', timestamp: now() });
    const logOf = async () =>
      (await c.database.db.select({ id: systemCheckEvent.id }).from(systemCheckEvent).where(eq(systemCheckEvent.installationId, id)).orderBy(systemCheckEvent.id)).map((e) => e.id);
    const [first, second] = (await logOf()).filter((n) => n > Number(run.lastEventId));

    // Opened together, so that one read of the log can serve streams that are at different ids.
    const from = { run: Number(run.lastEventId), first: first!, second: second! };
    const keys = Object.keys(from) as (keyof typeof from)[];
    const received = { run: [] as number[], first: [] as number[], second: [] as number[] };
    const streams = await Promise.all(keys.map((k) => openEventStream(url, { ...h, 'last-event-id': String(from[k]) }, (m) => received[k].push(Number(m.id)))));
    await expect.poll(() => received.first.length, { timeout: 5000 }).toBeGreaterThan(0);
    await post(c, { type: 'telematics-heartbeat', imei: '356938035643804', timestamp: now() });
    await expect.poll(() => received.second.length, { timeout: 5000 }).toBeGreaterThan(0);

    // Each stream has exactly the logged events after its own id (checks that time out add some), in log order.
    await expect
      .poll(
        async () => {
          const log = await logOf();
          const want = Object.fromEntries(keys.map((k) => [k, log.filter((n) => n > from[k])]));
          return JSON.stringify(want) === JSON.stringify(received) ? 'as logged' : JSON.stringify({ want, received });
        },
        { timeout: 5000 },
      )
      .toBe('as logged');
    streams.forEach((s) => s.close());
  });

  it('needs a token and is fleet-scoped', async () => {
    const c = await ctx();
    const { id } = await draftInstallation(c, 'SN-DEMO-0003');
    expect((await c.app.inject({ url: `/api/installations/${id}/systemChecks/events` })).statusCode).toBe(401);
    const acme = bearer(await c.tokenFor('acme-stream@example.com', [{ fleet: 'acme' }]));
    const res = await c.app.inject({ url: `/api/installations/${id}/systemChecks/events`, headers: acme });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

// Heartbeat-to-stream latency (p50/p95 over 200 heartbeats) and how many concurrent event streams
// one server process holds, with its memory per stream. Talks HTTP to a real listening server.
import type { AddressInfo } from 'node:net';
import { openEventStream } from '../apps/server/test/sse-client';
import { benchApp, engineOf, ms, stats } from './lib';

const HEARTBEATS = Number(process.env.BENCH_HEARTBEATS ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);

export async function benchHeartbeatStreams() {
  // One user and one device key stand in for many: their production limits are lifted here.
  const ctx = await benchApp({
    DEVICE_API_KEYS: 'bench-device-key-0123456789',
    SSE_KEEPALIVE_MS: '15000',
    EVENT_STREAMS_PER_USER: String(STREAMS + 10),
    HEARTBEAT_RATE_LIMIT: String(HEARTBEATS + 10),
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/installations',
    headers: ctx.headers,
    payload: { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Bench' },
  });
  const { id } = created.json();
  const run = (await ctx.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: ctx.headers })).json();

  // Latency: post one heartbeat, wait for its event on an open stream.
  let resolveNext: ((at: number) => void) | null = null;
  const stream = await openEventStream(`${base}/api/installations/${id}/systemChecks/events`, { ...ctx.headers, 'last-event-id': run.lastEventId }, () =>
    resolveNext?.(performance.now()),
  );
  const samples: number[] = [];
  for (let i = 0; i < HEARTBEATS; i++) {
    const arrived = new Promise<number>((r) => (resolveNext = r));
    const sent = performance.now();
    const res = await fetch(`${base}/api/devices/heartbeats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'bench-device-key-0123456789' },
      body: JSON.stringify({ type: 'telematics-heartbeat', imei: '356938035643801', timestamp: new Date().toISOString() }),
    });
    if (res.status !== 202) throw new Error(`heartbeat answered ${res.status}`);
    samples.push((await arrived) - sent);
  }
  stream.close();
  const latency = stats(samples);

  // Concurrent streams: open STREAMS at once and measure the memory they hold (heap and buffers after
  // a full collection; RSS would also count what earlier benchmarks of the same run left behind).
  const held = () => {
    global.gc?.();
    global.gc?.();
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const before = held();
  const streams = [];
  for (let i = 0; i < STREAMS; i++) {
    streams.push(await openEventStream(`${base}/api/installations/${id}/systemChecks/events`, ctx.headers, () => {}));
  }
  await new Promise((r) => setTimeout(r, 500));
  const open = ctx.app.checkStreams.count();
  const after = held();
  // One broadcast to every stream, timed until the server has written it to all of them.
  const fanoutStart = performance.now();
  await fetch(`${base}/api/devices/heartbeats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'bench-device-key-0123456789' },
    body: JSON.stringify({ type: 'mcu-heartbeat', imei: '356938035643801', controllerSerial: 'CC-DEMO-0001-A', timestamp: new Date().toISOString() }),
  });
  const fanoutMs = performance.now() - fanoutStart;
  for (const s of streams) s.close();
  await ctx.close();
  // Client and server share the process: the figure is an upper bound for the server alone.
  const perStreamKb = (after - before) / 1024 / Math.max(open, 1);
  return {
    title: `Digital check events (${engineOf()}, one process, HTTP on loopback)`,
    rows: [
      { measure: `heartbeat -> stream latency p50 (${HEARTBEATS} heartbeats)`, value: ms(latency.p50) },
      { measure: 'heartbeat -> stream latency p95', value: ms(latency.p95) },
      { measure: 'concurrent streams held', value: String(open) },
      { measure: 'memory per stream (heap + buffers after GC, client included)', value: global.gc ? `${perStreamKb.toFixed(1)} KB` : 'run with --expose-gc' },
      { measure: `one heartbeat answered with ${open} streams open`, value: ms(fanoutMs) },
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchHeartbeatStreams();
  console.log(result.title);
  console.table(result.rows);
}

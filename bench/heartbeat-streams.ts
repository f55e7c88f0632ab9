// Check event streams against a real server process (production mode, PostgreSQL): how many one
// process holds, the server's memory per stream (heap plus buffers, read from its metrics port), and
// heartbeat-to-stream latency while they are all open. The clients run in a process of their own
// (bench/stream-clients.ts), and so does the server.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ms, stats } from './lib';
import { freePort, signedInUser, signedInUsers, startPortal } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const HEARTBEATS = Number(process.env.BENCH_HEARTBEATS ?? 50);
const DEVICE_KEY = 'bench-device-key-0123456789';
const IMEI = '356938035643801';
/** Streams per user: the server's default limit (EVENT_STREAMS_PER_USER), so it runs as configured in production. */
const STREAMS_PER_USER = 10;

/**
 * The server's heap plus its memory outside the heap (Buffers) after a full garbage collection,
 * asked through the inspector port the server was started with, and its resident set size.
 */
async function serverMemory(inspectorPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const id = ++nextId;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data));
        if (message.id !== id) return;
        ws.removeEventListener('message', onMessage);
        resolve(message);
      };
      ws.addEventListener('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const answer = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  ws.close();
  const m = JSON.parse(answer.result!.result!.value!) as NodeJS.MemoryUsage;
  return { held: m.heapUsed + m.external, rss: m.rss };
}

export async function benchHeartbeatStreams() {
  const inspectorPort = await freePort();
  const portal = await startPortal(
    {
      DEVICE_API_KEYS: DEVICE_KEY,
      // One device key posts every heartbeat of the run.
      HEARTBEAT_RATE_LIMIT: String(HEARTBEATS * 2 + 10),
    },
    // The bench asks the server for a full collection and its memory through the inspector.
    { execArgv: [`--inspect=127.0.0.1:${inspectorPort}`] },
  );
  const client = fork(path.join(here, 'stream-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string; message?: string }) => {
        if (m.type === 'error') reject(new Error(m.message));
        if (m.type !== type) return;
        client.off('message', onMessage);
        resolve(m as T);
      };
      client.on('message', onMessage);
      client.once('exit', (code) => reject(new Error(`the stream clients exited (${code})`)));
    });
  try {
    await next('ready');
    const headers = signedInUser(portal, 'bench@example.com', 'sono');
    const created = await fetch(`${portal.base}/api/installations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Bench' }),
    });
    const { id } = (await created.json()) as { id: number };
    await fetch(`${portal.base}/api/installations/${id}/systemChecks`, { headers });
    // Many users, each with as many streams as the default limit allows.
    const users = signedInUsers(portal, 'sono', Math.ceil(STREAMS / STREAMS_PER_USER));

    const before = await serverMemory(inspectorPort);
    const opened = next<{ streams: number }>('opened');
    const started = performance.now();
    client.send({ type: 'start', url: `${portal.base}/api/installations/${id}/systemChecks/events`, users, streamsPerUser: STREAMS_PER_USER, streams: STREAMS });
    const { streams } = await opened;
    const openSeconds = (performance.now() - started) / 1000;
    const after = await serverMemory(inspectorPort);

    const result = next<{ samples: number[]; perHeartbeatLast: number[]; missed: number }>('result');
    client.send({ type: 'run', heartbeatUrl: `${portal.base}/api/devices/heartbeats`, deviceKey: DEVICE_KEY, imei: IMEI, heartbeats: HEARTBEATS });
    const { samples, perHeartbeatLast, missed } = await result;
    const latency = stats(samples);
    const fanout = stats(perHeartbeatLast);
    const kb = (bytes: number) => `${(bytes / 1024 / streams).toFixed(1)} KB`;
    return {
      title: `Digital check event streams (postgres, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, server in production mode in its own process, clients in another, ${STREAMS_PER_USER} streams per user, all on one installation)`,
      rows: [
        { measure: 'concurrent streams held by one server process', value: `${streams} (opened in ${openSeconds.toFixed(0)} s)` },
        { measure: 'server memory per stream: heap + buffers (external) after full GC', value: kb(after.held - before.held) },
        { measure: 'server memory per stream: resident set size', value: kb(after.rss - before.rss) },
        { measure: `heartbeat -> stream latency p50, every stream (${HEARTBEATS} heartbeats x ${streams} streams)`, value: ms(latency.p50) },
        { measure: 'heartbeat -> stream latency p95, every stream', value: ms(latency.p95) },
        { measure: 'heartbeat -> last of all streams p95', value: ms(fanout.p95) },
        { measure: 'events not delivered within 10 s', value: String(missed) },
      ],
    };
  } finally {
    const exited = new Promise((r) => client.once('exit', r));
    client.send({ type: 'close' });
    await exited;
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchHeartbeatStreams();
  console.log(result.title);
  console.table(result.rows);
}

// Check event streams against a real server process (production mode, PostgreSQL): how many one
// process holds, the server's memory per stream (heap plus buffers, read through its inspector), and
// heartbeat-to-stream latency while they are all open, in two layouts:
//  - spread: as installers use them, a few streams per installation and ten per user, heartbeats
//    to a sample of the installations (each reaches the few streams that watch it);
//  - hot: every stream on one installation, so one heartbeat is written to all of them.
// The clients run in processes of their own (bench/stream-clients.ts), and so does the server; the
// clients note each event's arrival on the socket, and the heartbeat's send time is taken here.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ms, percentile } from './lib';
import { freePort, signedInUser, signedInUsers, startPortal, type PortalServer } from './processes';
import type { StreamSpec } from './stream-clients';

const here = path.dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
/** Heartbeats of the spread layout, each to an installation of its own. */
const SPREAD_HEARTBEATS = Number(process.env.BENCH_HEARTBEATS ?? 200);
/** Time between two heartbeats of the spread layout (they are not waited for). */
const SPREAD_PACE_MS = 50;
const HOT_HEARTBEATS = Number(process.env.BENCH_HOT_HEARTBEATS ?? 20);
const DEVICE_KEY = 'bench-device-key-0123456789';
const HOT_IMEI = '356938035643801';
/** Streams per user: the server's default limit (EVENT_STREAMS_PER_USER), so it runs as configured in production. */
const STREAMS_PER_USER = 10;
/** Streams per installation in the spread layout: a phone and a laptop of the installer, a colleague or two. */
const STREAMS_PER_INSTALLATION = 4;
const CLIENT_PROCESSES = Number(process.env.BENCH_STREAM_CLIENTS ?? Math.max(2, os.availableParallelism()));
const EVENT_TIMEOUT_MS = 10_000;

const now = () => performance.timeOrigin + performance.now();
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

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

type Reply = { type: string; id?: number; message?: string; expected?: number; times?: number[] };

/** The client processes, each holding a share of the streams. */
function startClients(count: number) {
  const children: ChildProcess[] = [];
  const waiters = new Set<{ child: ChildProcess; match: (m: Reply) => boolean; resolve: (m: Reply) => void; reject: (e: Error) => void }>();
  for (let i = 0; i < count; i++) {
    const child = fork(path.join(here, 'stream-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: Reply) => {
      for (const w of waiters) {
        if (w.child !== child) continue;
        if (m.type === 'error') w.reject(new Error(m.message));
        else if (!w.match(m)) continue;
        else w.resolve(m);
        waiters.delete(w);
      }
    });
    child.once('exit', (code) => {
      for (const w of waiters) if (w.child === child) w.reject(new Error(`a stream client exited (${code})`));
    });
    children.push(child);
  }
  const reply = (child: ChildProcess, match: (m: Reply) => boolean) => new Promise<Reply>((resolve, reject) => waiters.add({ child, match, resolve, reject }));
  const all = (message: object, match: (m: Reply) => boolean) =>
    Promise.all(
      children.map((child) => {
        const answer = reply(child, match);
        child.send(message);
        return answer;
      }),
    );
  return {
    ready: Promise.all(children.map((child) => reply(child, (m) => m.type === 'ready'))),
    /** Opens the streams, dealt round-robin over the processes; the seconds it took. */
    async open(base: string, specs: StreamSpec[]) {
      const { hostname, port } = new URL(base);
      const started = performance.now();
      const answers = await Promise.all(
        children.map((child, i) => {
          const answer = reply(child, (m) => m.type === 'opened');
          child.send({ type: 'start', host: hostname, port: Number(port), streams: specs.filter((_, k) => k % count === i) });
          return answer;
        }),
      );
      return { streams: answers.reduce((n, a) => n + ((a as { streams?: number }).streams ?? 0), 0), seconds: (performance.now() - started) / 1000 };
    },
    /** Arrival times of event `id` on every stream watching the installation, and how many watch it. */
    async arrivals(id: number, installationId: number) {
      const answers = await all({ type: 'expect', id, installationId, timeoutMs: EVENT_TIMEOUT_MS }, (m) => m.type === 'arrived' && m.id === id);
      return { expected: answers.reduce((n, a) => n + a.expected!, 0), times: answers.flatMap((a) => a.times!) };
    },
    close: () => all({ type: 'close' }, (m) => m.type === 'closed'),
    async exit() {
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.send({ type: 'exit' });
          return exited;
        }),
      );
    },
  };
}

/** Systems with a telematics unit each and a draft installation on each, in fleet `sono`, written straight to the database. */
async function seedInstallations(db: pg.Client, count: number) {
  const { rows } = await db.query<{ id: number; imei: string }>(
    `with s as (
       insert into system (serial_number, fleet_id, pv_module_count, pv_module_version, installed_capacity_wp)
       select 'SN-BENCH-' || lpad(g::text, 6, '0'), (select id from fleet where slug = 'sono'), 4, 'bench', 1600
       from generate_series(1, $1::int) g
       returning id, serial_number, fleet_id),
     t as (
       insert into telematics_unit (system_id, unit, imei)
       select id, 'TCU-4G v3', '35' || lpad(id::text, 13, '0') from s
       returning system_id, imei),
     i as (
       insert into installation (fleet_id, system_id, system_serial, name, start_date)
       select fleet_id, id, serial_number, 'Bench ' || serial_number, '2026-11-20' from s
       returning id, system_id)
     select i.id, t.imei from i join t using (system_id) order by i.id`,
    [count],
  );
  return rows;
}

async function postHeartbeat(portal: PortalServer, imei: string) {
  const res = await fetch(`${portal.base}/api/devices/heartbeats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': DEVICE_KEY },
    body: JSON.stringify({ type: 'telematics-heartbeat', imei, timestamp: new Date().toISOString() }),
  });
  if (res.status !== 202) throw new Error(`heartbeat answered ${res.status}`);
}

async function lastEventId(db: pg.Client, installationId: number) {
  const { rows } = await db.query<{ id: number }>('select max(id) as id from system_check_event where installation_id = $1', [installationId]);
  return rows[0]!.id;
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length ? { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) } : { p50: NaN, p95: NaN, p99: NaN };
};

export async function benchHeartbeatStreams() {
  const inspectorPort = await freePort();
  const cpuProfileDir = process.env.BENCH_CPU_PROF;
  const loadBefore = os.loadavg()[0]!;
  const portal = await startPortal(
    {
      DEVICE_API_KEYS: DEVICE_KEY,
      // One device key posts every heartbeat of the run.
      HEARTBEAT_RATE_LIMIT: String((SPREAD_HEARTBEATS + HOT_HEARTBEATS) * 2 + 10),
    },
    // The bench asks the server for a full collection and its memory through the inspector.
    { execArgv: [`--inspect=127.0.0.1:${inspectorPort}`, ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [])] },
  );
  const clients = startClients(CLIENT_PROCESSES);
  const db = new pg.Client({ connectionString: portal.env.DATABASE_URL });
  await db.connect();
  try {
    await clients.ready;
    const headers = signedInUser(portal, 'bench@example.com', 'sono');
    const created = await fetch(`${portal.base}/api/installations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Bench' }),
    });
    const { id: hotId } = (await created.json()) as { id: number };
    await fetch(`${portal.base}/api/installations/${hotId}/systemChecks`, { headers });
    // Many users, each with as many streams as the default limit allows.
    const users = signedInUsers(portal, 'sono', Math.ceil(STREAMS / STREAMS_PER_USER));
    const spread = await seedInstallations(db, Math.ceil(STREAMS / STREAMS_PER_INSTALLATION));
    // Heartbeats go to installations spread over the whole set; their check runs are started as the check tab starts them.
    const sample = Array.from({ length: Math.min(SPREAD_HEARTBEATS, spread.length) }, (_, i) => spread[Math.floor((i * spread.length) / SPREAD_HEARTBEATS)]!);
    for (const installation of sample) {
      const res = await fetch(`${portal.base}/api/installations/${installation.id}/systemChecks`, { headers });
      if (!res.ok) throw new Error(`starting a check run answered ${res.status}`);
    }
    const specs = (installationOf: (k: number) => number) =>
      Array.from({ length: STREAMS }, (_, k) => ({ installationId: installationOf(k), authorization: users[Math.floor(k / STREAMS_PER_USER)]!.authorization! }));

    // Spread layout.
    const empty = await serverMemory(inspectorPort);
    const spreadOpen = await clients.open(portal.base, specs((k) => spread[Math.floor(k / STREAMS_PER_INSTALLATION)]!.id));
    const held = await serverMemory(inspectorPort);
    const spreadSamples: number[] = [];
    let spreadExpected = 0;
    const pending: Promise<void>[] = [];
    for (const installation of sample) {
      const sent = now();
      await postHeartbeat(portal, installation.imei);
      const id = await lastEventId(db, installation.id);
      pending.push(
        clients.arrivals(id, installation.id).then(({ expected, times }) => {
          spreadExpected += expected;
          for (const t of times) spreadSamples.push(t - sent);
        }),
      );
      await sleep(Math.max(0, sent + SPREAD_PACE_MS - now()));
    }
    await Promise.all(pending);

    // Hot layout: the same users' streams, all on one installation, once the spread ones are released.
    await clients.close();
    for (let deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from event_stream');
      if (rows[0]!.n === 0) break;
    }
    const hotOpen = await clients.open(portal.base, specs(() => hotId));
    const hotSamples: number[] = [];
    const lastPerHeartbeat: number[] = [];
    let hotExpected = 0;
    for (let i = 0; i < HOT_HEARTBEATS; i++) {
      const sent = now();
      await postHeartbeat(portal, HOT_IMEI);
      const { expected, times } = await clients.arrivals(await lastEventId(db, hotId), hotId);
      hotExpected += expected;
      const latencies = times.map((t) => t - sent);
      hotSamples.push(...latencies);
      lastPerHeartbeat.push(latencies.reduce((a, b) => Math.max(a, b), 0));
      await sleep(200);
    }

    const kb = (bytes: number) => `${(bytes / 1024 / spreadOpen.streams).toFixed(1)} KB`;
    const a = summary(spreadSamples);
    const b = summary(hotSamples);
    const last = summary(lastPerHeartbeat);
    const loadAfter = os.loadavg()[0]!;
    return {
      title: `Digital check event streams (postgres, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after on ${os.availableParallelism()} CPUs, server in production mode in its own process, clients in ${CLIENT_PROCESSES} others, ${STREAMS_PER_USER} streams per user)`,
      rows: [
        { measure: `spread: streams held by one server process, ${STREAMS_PER_INSTALLATION} per installation on ${spread.length} installations`, value: `${spreadOpen.streams} (opened in ${spreadOpen.seconds.toFixed(0)} s)` },
        { measure: 'spread: server memory per stream, heap + buffers (external) after full GC', value: kb(held.held - empty.held) },
        { measure: 'spread: server memory per stream, resident set size', value: kb(held.rss - empty.rss) },
        { measure: `spread: heartbeat -> every watching stream p50 (${sample.length} heartbeats to as many installations, one per ${SPREAD_PACE_MS} ms, ${spreadSamples.length} arrivals)`, value: ms(a.p50) },
        { measure: 'spread: heartbeat -> every watching stream p95', value: ms(a.p95) },
        { measure: 'spread: heartbeat -> every watching stream p99', value: ms(a.p99) },
        { measure: `spread: events not delivered within ${EVENT_TIMEOUT_MS / 1000} s`, value: String(spreadExpected - spreadSamples.length) },
        { measure: 'hot: streams held, all on one installation', value: `${hotOpen.streams} (opened in ${hotOpen.seconds.toFixed(0)} s)` },
        { measure: `hot: heartbeat -> every stream p50 (${HOT_HEARTBEATS} heartbeats x ${hotOpen.streams} streams)`, value: ms(b.p50) },
        { measure: 'hot: heartbeat -> every stream p95', value: ms(b.p95) },
        { measure: 'hot: heartbeat -> every stream p99', value: ms(b.p99) },
        { measure: 'hot: heartbeat -> last of all streams p50', value: ms(last.p50) },
        { measure: 'hot: heartbeat -> last of all streams p95', value: ms(last.p95) },
        { measure: `hot: events not delivered within ${EVENT_TIMEOUT_MS / 1000} s`, value: String(hotExpected - hotSamples.length) },
      ],
    };
  } finally {
    await db.end();
    await clients.exit();
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchHeartbeatStreams();
  console.log(result.title);
  console.table(result.rows);
}

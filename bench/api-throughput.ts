// Requests/s, p99 latency and server CPU time per request of the API against a bare Fastify hello-world
// measured in the same run.
// Everything runs in processes of its own: the portal as in production (the compiled server started
// as the README starts it, NODE_ENV=production on a fresh PostgreSQL database, default logging), the
// hello-world, and autocannon for each route. With
// BENCH_BEFORE (bench/before.ts) the earlier commit's server runs beside this one's, and each route is
// measured on both in turn (each round the other one first), each run right after a hello-world run of its own.
import { medianAndRange, treesToCompare, treeColumn, type Tree } from './before';
import { autocannon, buildServer, DEFAULT_BENCH_DATABASE_URL, processCpuMs, signedInUser, startHelloWorld, startPortal, type LoadResult } from './processes';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Each route is measured this many times, each time paired with a baseline run; the median counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export const ROUTES = ['GET /api/health', 'GET /api/me', 'GET /api/installations/{id}', 'GET /api/installations?fleet=sono'] as const;

/**
 * A portal of `tree` with five installations in fleet sono, and the address and headers of each route.
 * `signIn()` gives fresh headers: ID tokens live minutes, so each round signs in anew, as a client does.
 */
export async function portalOf(tree: Tree, start: { wrapper?: string[]; readyTimeoutMs?: number } = {}) {
  buildServer(tree.root);
  const portal = await startPortal({}, { tree: tree.root, compiled: true, ...start });
  const signIn = () => signedInUser(portal, 'bench@example.com', 'sono');
  const headers = signIn();
  let id = 0;
  for (const serial of ['SN-DEMO-0001', 'SN-DEMO-0002', 'SN-DEMO-0003', 'SN-DEMO-0004', 'SN-DEMO-0005']) {
    const res = await fetch(`${portal.base}/api/installations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ systemSerialNumber: serial, startDate: '2026-11-20', name: `Bench ${serial}` }),
    });
    if (res.status !== 201) throw new Error(`creating an installation answered ${res.status}: ${await res.text()}`);
    id ||= ((await res.json()) as { id: number }).id;
  }
  const targetsFor = (h: Record<string, string>): Record<(typeof ROUTES)[number], [string, Record<string, string>]> => ({
    'GET /api/health': [`${portal.base}/api/health`, {}],
    'GET /api/me': [`${portal.base}/api/me`, h],
    'GET /api/installations/{id}': [`${portal.base}/api/installations/${id}`, h],
    'GET /api/installations?fleet=sono': [`${portal.base}/api/installations?fleet=sono&page=1`, h],
  });
  return { tree, portal, targets: targetsFor(headers), refresh: () => targetsFor(signIn()) };
}

/**
 * A load run and the CPU time the server process used per answered request in it (µs, all its
 * threads; null without /proc). Unlike req/s it does not depend on whether the load generator kept
 * up, only on what the server does for a request (and on how fast the machine runs it just then).
 */
async function loadRun(pid: number, url: string, headers?: Record<string, string>): Promise<{ result: LoadResult; cpuUs: number | null }> {
  const before = processCpuMs(pid);
  const result = await autocannon(url, { connections: CONNECTIONS, seconds: DURATION, headers });
  const after = processCpuMs(pid);
  return { result, cpuUs: before === null || after === null || result.total === 0 ? null : ((after - before) * 1000) / result.total };
}

export async function benchApiThroughput() {
  const trees = treesToCompare();
  const hello = await startHelloWorld();
  const portals: Awaited<ReturnType<typeof portalOf>>[] = [];
  try {
    for (const tree of trees) portals.push(await portalOf(tree));
    // Warm-up: JIT and connection pools.
    await autocannon(hello.url, { connections: CONNECTIONS, seconds: 2 });
    for (const { targets } of portals) for (const [url, h] of Object.values(targets)) await autocannon(url, { connections: CONNECTIONS, seconds: 2, headers: h });
    // Each route is measured right after a hello-world run of its own, so that both see the same
    // load from whatever else runs on the machine; the ratio of each pair is what compares.
    type Run = { result: LoadResult; hello: number; cpuUs: number | null; helloCpuUs: number | null };
    const runs = new Map<string, Run[]>();
    const helloRuns: number[] = [];
    const helloCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) for (const portal of portals) portal.targets = portal.refresh();
      // Every other round the trees take turns the other way round, so neither is always measured first.
      const inTurn = round % 2 === 0 ? portals : [...portals].reverse();
      for (const route of ROUTES) {
        for (const { tree, targets, portal } of inTurn) {
          const baseline = await loadRun(hello.pid, hello.url);
          const [url, h] = targets[route];
          const { result, cpuUs } = await loadRun(portal.pid, url, h);
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route} (${tree.label}): ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
          const key = `${route} ${tree.label}`;
          runs.set(key, [...(runs.get(key) ?? []), { result, hello: baseline.result.rps, cpuUs, helloCpuUs: baseline.cpuUs }]);
          helloRuns.push(baseline.result.rps);
          if (baseline.cpuUs !== null) helloCpu.push(baseline.cpuUs);
        }
      }
    }
    const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
    const cell = (route: string, tree: Tree) => {
      const measured = runs.get(`${route} ${tree.label}`)!;
      const ratios = measured.map((r) => r.result.rps / r.hello);
      const rps = medianAndRange(measured.map((r) => r.result.rps));
      const p99 = medianAndRange(measured.map((r) => r.result.p99));
      const withCpu = measured.filter((r) => r.cpuUs !== null && r.helloCpuUs !== null);
      const cpu = withCpu.length
        ? `; server CPU ${medianAndRange(withCpu.map((r) => r.cpuUs!))} µs a request, hello-world's ${medianAndRange(withCpu.map((r) => r.helloCpuUs! / r.cpuUs!), percent)} of it`
        : '';
      return `${medianAndRange(ratios, percent)}; ${rps} req/s, p99 ${p99} ms${cpu}`;
    };
    const column = (tree: Tree) => treeColumn(trees, tree);
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    return {
      title: `API throughput (postgres, ${date} UTC, compiled server in production mode in its own process, autocannon ${CONNECTIONS} connections x ${DURATION} s in another; each route's req/s as a share of a bare Fastify hello-world run right before it, and the server's CPU time per request (hello-world's as a share of it), median (min-max) of ${ROUNDS} runs${trees.length > 1 ? ', the two commits measured in turn, each round the other one first' : ''})`,
      rows: [
        {
          route: 'bare Fastify hello-world',
          ...Object.fromEntries(trees.map((tree) => [column(tree), `100 %; ${medianAndRange(helloRuns)} req/s${helloCpu.length ? `; CPU ${medianAndRange(helloCpu)} µs a request` : ''}`])),
        },
        ...ROUTES.map((route) => ({ route, ...Object.fromEntries(trees.map((tree) => [column(tree), cell(route, tree)])) })),
      ],
    };
  } finally {
    for (const { portal } of portals) await portal.stop();
    await hello.stop();
  }
}

export const apiThroughputDatabase = () => process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchApiThroughput();
  console.log(result.title);
  console.table(result.rows);
}

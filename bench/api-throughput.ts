// Requests/s and p99 latency of the API against a bare Fastify hello-world measured in the same run.
// Everything runs in processes of its own: the portal as in production (NODE_ENV=production on a
// fresh PostgreSQL database, default logging), the hello-world, and autocannon for each route.
import { autocannon, DEFAULT_BENCH_DATABASE_URL, signedInUser, startHelloWorld, startPortal, type LoadResult } from './processes';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Each route is measured this many times, each time paired with a baseline run; the median counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export async function benchApiThroughput() {
  const hello = await startHelloWorld();
  const portal = await startPortal().catch(async (error) => {
    await hello.stop();
    throw error;
  });
  try {
    const headers = signedInUser(portal, 'bench@example.com', 'sono');
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
    const routes: [string, string, Record<string, string>][] = [
      ['bare Fastify hello-world', hello.url, {}],
      ['GET /api/health', `${portal.base}/api/health`, {}],
      ['GET /api/me', `${portal.base}/api/me`, headers],
      ['GET /api/installations/{id}', `${portal.base}/api/installations/${id}`, headers],
      ['GET /api/installations?fleet=sono', `${portal.base}/api/installations?fleet=sono&page=1`, headers],
    ];
    // Warm-up: JIT and connection pools.
    for (const [, url, h] of routes) await autocannon(url, { connections: CONNECTIONS, seconds: 2, headers: h });
    // Each route is measured right after a hello-world run of its own, so that both see the same
    // load from whatever else runs on the machine; the ratio of each pair is what compares.
    const runs = new Map<string, { result: LoadResult; ratio: number; hello: number }[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url, h] of routes.slice(1)) {
        const hello = await autocannon(routes[0]![1], { connections: CONNECTIONS, seconds: DURATION });
        const result = await autocannon(url, { connections: CONNECTIONS, seconds: DURATION, headers: h });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
        runs.set(name, [...(runs.get(name) ?? []), { result, ratio: result.rps / hello.rps, hello: hello.rps }]);
        runs.set(routes[0]![0], [...(runs.get(routes[0]![0]) ?? []), { result: hello, ratio: 1, hello: hello.rps }]);
      }
    }
    const median = <T>(items: T[], by: (t: T) => number) => [...items].sort((a, b) => by(a) - by(b))[Math.floor((items.length - 1) / 2)]!;
    return {
      title: `API throughput (postgres, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, server in production mode in its own process, autocannon ${CONNECTIONS} connections x ${DURATION} s in another; median of ${ROUNDS} runs, each right after a hello-world run)`,
      rows: routes.map(([name]) => {
        const m = median(runs.get(name)!, (r) => r.ratio);
        const byRps = median(runs.get(name)!, (r) => r.result.rps);
        return {
          route: name,
          'req/s': Math.round(byRps.result.rps),
          'p99 ms': byRps.result.p99,
          'req/s vs hello': name === routes[0]![0] ? '100.0 %' : `${(m.ratio * 100).toFixed(1)} % (of ${Math.round(m.hello)})`,
        };
      }),
    };
  } finally {
    await portal.stop();
    await hello.stop();
  }
}

export const apiThroughputDatabase = () => process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchApiThroughput();
  console.log(result.title);
  console.table(result.rows);
}

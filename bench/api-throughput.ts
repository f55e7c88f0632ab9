// Authenticated GET /api/installations/{id} and GET /api/installations?page=1 against a bare
// Fastify hello-world measured in the same run: requests/s and p99 latency, and their ratio.
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { benchApp, engineOf } from './lib';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function benchApiThroughput() {
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/hello`;

  const ctx = await benchApp();
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/installations',
    headers: ctx.headers,
    payload: { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Bench' },
  });
  const { id } = created.json();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

  const baseline = await measure(helloUrl);
  const detail = await measure(`${base}/api/installations/${id}`, ctx.headers);
  const list = await measure(`${base}/api/installations?fleet=sono&page=1`, ctx.headers);
  await ctx.close();
  await hello.close();

  const row = (name: string, m: { rps: number; p99: number }) => ({
    route: name,
    'req/s': Math.round(m.rps),
    'p99 ms': m.p99,
    'req/s vs hello': `${((m.rps / baseline.rps) * 100).toFixed(1)} %`,
  });
  return {
    title: `API throughput (${engineOf()}, autocannon ${CONNECTIONS} connections x ${DURATION} s, same process as the database for PGlite)`,
    rows: [row('bare Fastify hello-world', baseline), row('GET /api/installations/{id}', detail), row('GET /api/installations?page=1', list)],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchApiThroughput();
  console.log(result.title);
  console.table(result.rows);
}

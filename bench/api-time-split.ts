// Where a request's time goes on the thread that answers it, for the API's routes and a bare Fastify
// hello-world: Linux perf samples that thread (its CPU time, 999 times a second, with call chains)
// while autocannon, in its own process, loads it. Each sample is split into user space (the
// JavaScript, V8 and Node) and the kernel, and within the kernel into the socket writes that send the
// answers and, inside those, the wake-ups of the process that reads them. On loopback the sender's
// write runs the receiver's side of TCP too; where the load generator sleeps for lack of answers, each
// answer wakes it, and on a virtual machine a wake-up can cost more than the answer's own work. A server
// slower than its load generator pays that per answer; hello-world, faster, seldom does. The split
// tells which part of a route's ratio to hello-world is the route's own work and which is this machine.
// Needs Debian's linux-perf and the right to record (root, or kernel.perf_event_paranoid <= 1).
// With BENCH_BEFORE (bench/before.ts) the earlier commit is measured too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { treesToCompare, treeColumn, type Tree } from './before';
import { portalOf, ROUTES } from './api-throughput';
import { autocannon, startHelloWorld } from './processes';

const FREQUENCY = 999;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
/** Each route is recorded this many times, each time right after a hello-world recording of its own; the median counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Microseconds of the thread's CPU time a request, in all and by part. */
interface Split {
  rps: number;
  total: number;
  user: number;
  kernel: number;
  writes: number;
  wakeUps: number;
}

/**
 * The rows of `perf report`: each shared object with its samples (`dso`), or each symbol with its
 * share of all samples including what it called (`sym`).
 */
function reportRows(file: string, sort: 'dso' | 'sym'): { share: number; samples: number; name: string }[] {
  const fields = sort === 'dso' ? ['--no-children', '-F', 'overhead,sample,dso'] : ['--children'];
  const text = execFileSync('perf', ['report', '-i', file, '--stdio', '-g', 'none', '--sort', sort, '--percent-limit', '0', ...fields], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // "    43.74%         10435  node" (dso) or "    39.83%     0.01%  [k] do_syscall_64" (sym, with callees).
  const row = sort === 'dso' ? /^\s+([\d.]+)%\s+(\d+)\s+(.*)$/ : /^\s+([\d.]+)%\s+[\d.]+%\s+(.*)$/;
  return text.split('\n').flatMap((line) => {
    const match = row.exec(line);
    if (!match) return [];
    const [share, samples, name] = sort === 'dso' ? [match[1], match[2], match[3]] : [match[1], '0', match[2]];
    return [{ share: Number(share) / 100, samples: Number(samples), name: name!.trim() }];
  });
}

/** The thread `pid` (a process's main thread) recorded while autocannon loads `url`. */
async function split(dir: string, label: string, pid: number, url: string, headers?: Record<string, string>): Promise<Split> {
  await autocannon(url, { connections: CONNECTIONS, seconds: 3, headers });
  const file = path.join(dir, `${label}.data`);
  const wrapper = ['perf', 'record', '-q', '-F', String(FREQUENCY), '-g', '-t', String(pid), '-o', file, '--'];
  const result = await autocannon(url, { connections: CONNECTIONS, seconds: SECONDS, headers, wrapper });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  const objects = reportRows(file, 'dso');
  const samples = objects.reduce((sum, row) => sum + row.samples, 0);
  const perRequest = (share: number) => (share * samples * 1e6) / FREQUENCY / result.total;
  const kernelShare = objects.find((row) => row.name === '[kernel.kallsyms]')?.share ?? 0;
  const symbols = reportRows(file, 'sym');
  const inclusive = (symbol: string) => symbols.find((row) => row.name === `[k] ${symbol}`)?.share ?? 0;
  fs.rmSync(file, { force: true });
  return {
    rps: result.rps,
    total: perRequest(1),
    user: perRequest(1 - kernelShare),
    kernel: perRequest(kernelShare),
    writes: perRequest(inclusive('ksys_write')),
    wakeUps: perRequest(inclusive('sock_def_readable')),
  };
}

const us = (n: number) => `${n.toFixed(1)} µs`;

/** The round of a route whose ratio to its hello-world recording is the median of its rounds. */
function medianRound(rounds: { route: Split; hello: Split }[]) {
  return [...rounds].sort((a, b) => a.route.total / a.hello.total - b.route.total / b.hello.total)[Math.floor(rounds.length / 2)]!;
}

export async function benchApiTimeSplit() {
  try {
    execFileSync('perf', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('BENCH_ONLY=timesplit needs perf (Debian package linux-perf)');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-perf-'));
  const trees = treesToCompare();
  const hello = await startHelloWorld();
  const portals: Awaited<ReturnType<typeof portalOf>>[] = [];
  const rounds = new Map<string, { route: Split; hello: Split }[]>();
  try {
    for (const tree of trees) portals.push(await portalOf(tree));
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) for (const portal of portals) portal.targets = portal.refresh();
      // Every other round the trees take turns the other way round.
      const inTurn = round % 2 === 0 ? portals : [...portals].reverse();
      for (const route of ROUTES) {
        for (const { tree, portal, targets } of inTurn) {
          const baseline = await split(dir, 'hello', hello.pid, hello.url);
          const [url, headers] = targets[route];
          const key = `${route} ${tree.label}`;
          rounds.set(key, [...(rounds.get(key) ?? []), { route: await split(dir, 'portal', portal.pid, url, headers), hello: baseline }]);
        }
      }
    }
  } finally {
    for (const { portal } of portals) await portal.stop();
    await hello.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const column = (tree: Tree) => treeColumn(trees, tree);
  const cell = (s: Split) => `${us(s.total)}: user ${us(s.user)}, kernel ${us(s.kernel)}; socket writes ${us(s.writes)}, waking the reader ${us(s.wakeUps)}; ${Math.round(s.rps)} req/s`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return {
    title: `API time split per request (postgres, ${date} UTC, perf on the main thread of the compiled server in production mode and of hello-world, ${SECONDS} s of autocannon with ${CONNECTIONS} connections after a 3 s warm-up, each route right after a hello-world recording of its own; the round whose ratio is the median of ${ROUNDS}: the thread's CPU time a request, in user space and the kernel, and within the kernel the socket writes and the wake-ups of the load generator inside them)`,
    rows: ROUTES.flatMap((route) => {
      const median = (tree: Tree) => medianRound(rounds.get(`${route} ${tree.label}`)!);
      return [
        {
          route,
          ...Object.fromEntries(
            trees.map((tree) => {
              const { route: s, hello: h } = median(tree);
              return [column(tree), `${cell(s)} (hello-world's total ${((h.total / s.total) * 100).toFixed(1)} % of it)`];
            }),
          ),
        },
        { route: '  hello-world in the same round', ...Object.fromEntries(trees.map((tree) => [column(tree), cell(median(tree).hello)])) },
      ];
    }),
  };
}

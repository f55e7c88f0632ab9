// Instructions per request of the API and of a bare Fastify hello-world, counted by valgrind's callgrind
// while autocannon (in its own process) sends a fixed number of requests. Unlike requests per second
// and CPU time, the count does not follow how fast the machine runs just then: on a machine whose speed
// swings from minute to minute it tells two builds apart where a throughput run cannot. It still moves
// a little with what else runs (a loaded machine batches requests otherwise), and a route whose code V8
// compiles differently from start to start (the detail, the list; `/api/me` at times) by up to 10 %.
// Counting starts after an uncounted warm-up, so that start-up and V8's
// first compiles are left out. With BENCH_BEFORE (bench/before.ts) the earlier commit is counted too.
// Under valgrind the server answers a few hundred requests a second, so the threads that work per
// batch of requests (the log's writer, V8's collector) count more per request here than at full load;
// the main thread, which answers the requests and limits a process's throughput, counts as it would.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { treesToCompare, treeColumn, type Tree } from './before';
import { portalOf, ROUTES } from './api-throughput';
import { autocannon, startHelloWorld } from './processes';

const REQUESTS = Number(process.env.BENCH_INSTRUCTION_REQUESTS ?? 3000);
const WARM_UP = 2500;
const CONNECTIONS = 10;
/** A start under valgrind takes many times longer than a plain one. */
const READY_TIMEOUT_MS = 300_000;

/** A process under callgrind, counting nothing until told to; `prefix` names its control pipes. */
function callgrindOf(dir: string, label: string) {
  const prefix = path.join(dir, `vgdb-${label}`);
  const wrapper = [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    '--separate-threads=yes',
    // V8 writes its machine code into memory it then runs.
    '--smc-check=all-non-file',
    `--vgdb-prefix=${prefix}`,
    // Valgrind's own messages, apart from what the process writes.
    `--log-file=${path.join(dir, `${label}.%p.valgrind.log`)}`,
    `--callgrind-out-file=${path.join(dir, `${label}.%p.out`)}`,
  ];
  /**
   * Valgrind names its control pipes by the user and host in the process's environment (LOGNAME or USER,
   * HOST or HOSTNAME), and callgrind_control looks for them by its own: it is given the process's.
   */
  const control = (target: { pid: number; env: NodeJS.ProcessEnv }, ...args: string[]) => {
    const env = { ...process.env };
    for (const name of ['LOGNAME', 'USER', 'HOST', 'HOSTNAME']) {
      if (target.env[name] === undefined) delete env[name];
      else env[name] = target.env[name];
    }
    execFileSync('callgrind_control', [`--vgdb-prefix=${prefix}`, ...args, String(target.pid)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  };
  /** The instructions of the newest dump of `pid`, in all and on its main thread (valgrind's thread 1). */
  const dumped = (pid: number) => {
    const dumpFile = new RegExp(`^${label}\\.${pid}\\.out\\.(\\d+)-(\\d+)$`);
    const parts = fs.readdirSync(dir).flatMap((file) => {
      const match = dumpFile.exec(file);
      return match ? [{ file, dump: Number(match[1]), thread: Number(match[2]) }] : [];
    });
    if (parts.length === 0) throw new Error(`callgrind wrote no counts for ${label} (${pid}): ${fs.readdirSync(dir).join(', ')}`);
    const newest = Math.max(...parts.map((part) => part.dump));
    let all = 0;
    let main = 0;
    for (const part of parts.filter((p) => p.dump === newest)) {
      const text = fs.readFileSync(path.join(dir, part.file), 'utf8');
      const count = Number((/^summary: (\d+)/m.exec(text) ?? /^totals: (\d+)/m.exec(text))?.[1] ?? Number.NaN);
      all += count;
      if (part.thread === 1) main = count;
    }
    return { all, main };
  };
  return {
    wrapper,
    /** Instructions per request while `REQUESTS` requests to `url` are answered. */
    async count(target: { pid: number; env: NodeJS.ProcessEnv }, url: string, headers?: Record<string, string>) {
      await autocannon(url, { connections: CONNECTIONS, amount: WARM_UP, headers });
      control(target, '--instr=on');
      // The first instrumented requests translate the code anew; they are not counted either.
      await autocannon(url, { connections: CONNECTIONS, amount: 500, headers });
      control(target, '--zero');
      const result = await autocannon(url, { connections: CONNECTIONS, amount: REQUESTS, headers });
      control(target, '--dump');
      control(target, '--instr=off');
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
      const { all, main } = dumped(target.pid);
      return { all: all / result.total, main: main / result.total };
    },
  };
}

const thousands = (n: number) => `${(n / 1000).toFixed(1)} k`;

export async function benchApiInstructions() {
  try {
    execFileSync('valgrind', ['--version']);
  } catch {
    throw new Error('BENCH_ONLY=instructions needs valgrind (Debian package valgrind)');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-callgrind-'));
  try {
    const trees = treesToCompare();
    const helloCallgrind = callgrindOf(dir, 'hello');
    const hello = await startHelloWorld(helloCallgrind.wrapper, READY_TIMEOUT_MS);
    let helloCount: { all: number; main: number };
    try {
      helloCount = await helloCallgrind.count({ pid: hello.pid, env: process.env }, hello.url);
    } finally {
      await hello.stop();
    }
    const counts = new Map<string, { all: number; main: number }>();
    for (const [index, tree] of trees.entries()) {
      const callgrind = callgrindOf(dir, `portal-${index}`);
      const { portal, targets } = await portalOf(tree, { wrapper: callgrind.wrapper, readyTimeoutMs: READY_TIMEOUT_MS });
      try {
        for (const route of ROUTES) {
          const [url, headers] = targets[route];
          counts.set(`${route} ${tree.label}`, await callgrind.count(portal, url, headers));
        }
      } finally {
        await portal.stop();
      }
    }
    const column = (tree: Tree) => treeColumn(trees, tree);
    const share = (hello: number, route: number) => `${((hello / route) * 100).toFixed(1)} %`;
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    return {
      title: `API instructions per request (postgres, ${date} UTC, valgrind's callgrind on the compiled server in production mode, ${REQUESTS} requests from autocannon with ${CONNECTIONS} connections after ${WARM_UP + 500} uncounted ones; all threads, and the main thread, with hello-world's count as a share of the route's)`,
      rows: [
        { route: 'bare Fastify hello-world', ...Object.fromEntries(trees.map((tree) => [column(tree), `${thousands(helloCount.all)}; main thread ${thousands(helloCount.main)}`])) },
        ...ROUTES.map((route) => ({
          route,
          ...Object.fromEntries(
            trees.map((tree) => {
              const count = counts.get(`${route} ${tree.label}`)!;
              return [column(tree), `${thousands(count.all)} (hello-world ${share(helloCount.all, count.all)}); main thread ${thousands(count.main)} (${share(helloCount.main, count.main)})`];
            }),
          ),
        })),
      ],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}


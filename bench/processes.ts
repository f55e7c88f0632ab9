// Child processes of the benchmarks: the real server started as in production, a bare Fastify
// hello-world beside it, and autocannon in a process of its own, so that neither the load
// generator nor the harness shares a CPU thread with the server it measures.
import { execFileSync, spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { scratchDatabase } from './lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port that is free now (the child listens on it a moment later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once `url` answers 200; throws if `child` exits first or the time is up. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${url}: the server exited (${exited}) before it answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * The portal's server (apps/server/src/server.ts under tsx) from the repository root, with exactly `env`;
 * `tree`: another checkout's root (bench/before.ts), which serves its own web build.
 */
export function spawnServer(env: NodeJS.ProcessEnv, stdio: StdioOptions, execArgv: string[] = [], compiled = false, tree = root, wrapper: string[] = []): ChildProcess {
  // Compiled: as the README starts it in production (npm run build, then node with the same flag).
  const entry = compiled ? ['--max-semi-space-size=4', 'apps/server/dist/server.mjs'] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const command = [...wrapper, process.execPath, ...execArgv, ...entry];
  return spawn(command[0]!, command.slice(1), { cwd: tree, env, stdio });
}

/** Compiles `tree`'s server (apps/server/dist), as a production install does before it starts. */
export function buildServer(tree = root): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(tree, 'apps/server') });
}

/**
 * The portal in production mode on the embedded database with the demo data, as the browser
 * benchmarks open it: `tree`'s server (bench/before.ts), serving `webDist` or the tree's own web build.
 */
export function startDemoServer({ port, tree = root, webDist }: { port: number; tree?: string; webDist?: string }) {
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-demo-'));
  const child = spawnServer(
    {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DEMO: 'true',
      SIMULATOR: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
    },
    ['ignore', 'ignore', 'inherit'],
    [],
    false,
    tree,
  );
  const stop = stopper(child);
  return {
    base,
    dataDir,
    ready: () => waitForHttp(`${base}/api/health`, child),
    /** Stopped before anything else may start on the same port; its data go with it. */
    async stop() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs `email` in as a person does, with the code the server mailed (its outbox); the session's bearer token. */
export async function signInByMail(request: APIRequestContext, server: { base: string; dataDir: string }, email: string): Promise<string> {
  const headers = { origin: server.base };
  await request.post(`${server.base}/api/auth/email/send`, { data: { email }, headers });
  const outbox = path.join(server.dataDir, 'outbox');
  const mail = JSON.parse(fs.readFileSync(path.join(outbox, fs.readdirSync(outbox).find((f) => f.includes(email))!), 'utf8')) as { text: string };
  const otp = mail.text.match(/\b(\d{6})\b/)![1];
  await request.post(`${server.base}/api/auth/sign-in/email-otp`, { data: { email, otp }, headers });
  const { token } = (await (await request.get(`${server.base}/api/auth/token`)).json()) as { token: string };
  return token;
}

/** The bare Fastify hello-world of the same run, in its own process. */
export async function startHelloWorld(wrapper: string[] = [], readyTimeoutMs?: number) {
  const port = await freePort();
  const command = [...wrapper, process.execPath, path.join(root, 'bench/hello-server.mjs'), String(port)];
  const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/hello`;
  await waitForHttp(url, child, readyTimeoutMs);
  return { url, pid: child.pid!, stop: stopper(child) };
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time a process has used so far (user and system, all its threads) in ms, from Linux's
 * /proc/<pid>/stat; null where there is no /proc.
 */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

export interface PortalServer {
  base: string;
  env: Record<string, string>;
  pid: number;
  /** Runs `npm run admin -- …` with the server's environment; its stdout. */
  admin(...args: string[]): string;
  stop(): Promise<void>;
}

/**
 * The portal as `npm start` runs it in production (NODE_ENV=production, default logging into a
 * file), on a fresh database of its own, with the demo registry seeded before it starts. `wrapper`:
 * a command the server runs under (valgrind and its options, say), with `readyTimeoutMs` for the
 * slower start that gives.
 */
export async function startPortal(
  extraEnv: Record<string, string> = {},
  options: { execArgv?: string[]; compiled?: boolean; tree?: string; wrapper?: string[]; readyTimeoutMs?: number } = {},
): Promise<PortalServer & { readyMs: number }> {
  const tree = options.tree ?? root;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-server-'));
  const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    AUTH_SECRET,
    PUBLIC_URL: base,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    CHECK_SWEEP_INTERVAL_MS: '0',
    ...extraEnv,
  };
  // The demo registry (fleets sono and acme with their systems), written before the server starts.
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', `const { openDatabase } = await import('./apps/server/src/db/client.ts'); const { seedDemo } = await import('./apps/server/src/db/seed.ts'); const d = await openDatabase({ url: process.env.DATABASE_URL }); await d.migrate(); await seedDemo(d.db); await d.close();`],
    { cwd: tree, env, encoding: 'utf8' },
  );
  if (seed.status !== 0) {
    await scratch.drop();
    throw new Error(`seeding failed: ${seed.stderr}`);
  }
  const log = fs.openSync(path.join(work, 'server.log'), 'a');
  const started = performance.now();
  const child = spawnServer(env, ['ignore', log, log], options.execArgv, options.compiled, tree, options.wrapper);
  let readyMs: number;
  try {
    await waitForHttp(`${base}/api/health/ready`, child, options.readyTimeoutMs);
    readyMs = performance.now() - started;
  } catch (error) {
    console.error(fs.readFileSync(path.join(work, 'server.log'), 'utf8').slice(-4000));
    await stopper(child)();
    await scratch.drop();
    throw error;
  }
  const stop = stopper(child);
  return {
    base,
    env,
    readyMs,
    pid: child.pid!,
    admin(...args: string[]) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], { cwd: tree, env, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
      return result.stdout;
    },
    async stop() {
      await stop();
      fs.closeSync(log);
      await scratch.drop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** A signed-in user of fleet `fleet` and their Bearer header, made through the operator CLI. */
export function signedInUser(server: PortalServer, email: string, fleet: string, role: 'installer' | 'admin' = 'admin') {
  server.admin('grant', email, '--fleet', fleet, '--role', role);
  const token = server.admin('token', email).trim().split('\n').at(-1)!.trim();
  return { authorization: `Bearer ${token}` };
}

/** Bearer headers of `count` users of fleet `fleet` (bench-N@example.com), made as the operator CLI makes them. */
export function signedInUsers(server: PortalServer, fleet: string, count: number): Record<string, string>[] {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/issue-tokens.ts', fleet, String(count)], { cwd: root, env: server.env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`issuing tokens failed: ${result.stderr}`);
  return (JSON.parse(result.stdout.trim().split('\n').at(-1)!) as string[]).map((token) => ({ authorization: `Bearer ${token}` }));
}

export interface LoadResult {
  rps: number;
  /** Requests answered in the whole run. */
  total: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * autocannon in a process of its own (its CLI with JSON output); `wrapper`: a command it runs under
 * (perf recording a server while it loads it, say).
 */
export function autocannon(
  url: string,
  options: { connections: number; seconds?: number; amount?: number; headers?: Record<string, string>; wrapper?: string[] },
): Promise<LoadResult> {
  const args = [...(options.wrapper ?? []), process.execPath, path.join(root, 'node_modules/autocannon/autocannon.js'), '--json', '-c', String(options.connections)];
  // A number of requests, or a duration.
  args.push(...(options.amount ? ['-a', String(options.amount)] : ['-d', String(options.seconds ?? 10)]));
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(args[0]!, args.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const r = JSON.parse(out);
      resolve({ rps: r.requests.average, total: r.requests.total, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

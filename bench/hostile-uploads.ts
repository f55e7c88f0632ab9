// Hostile uploads against a real server process: how long the slowest crafted file takes to be
// answered and how /api/health answers meanwhile, and the server's peak memory while eight 25 MB
// uploads arrive at once. Run on its own with `node --expose-gc --import tsx bench/hostile-uploads.ts`.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkyPng, dataUrl, deflateBombPdf, makePdf, pixelFloodPng, slowPdf } from '../apps/server/test/files';
import { engineOf, ms, percentile } from './lib';

type Ready = { type: 'ready'; base: string; headers: Record<string, string>; installationId: number; parallelInstallationId: number };
type Memory = { type: 'memory'; rss: number; peak: number };

const here = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;

function startServer() {
  const child = fork(path.join(here, 'hostile-uploads-server.ts'), [], { execArgv: ['--expose-gc', '--import', 'tsx'], env: process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    });
  return {
    ready: next<Ready>('ready'),
    ask: (type: 'memory' | 'reset-peak') => {
      const answer = next<Memory>('memory');
      child.send({ type });
      return answer;
    },
    close: () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'close' });
      return exited;
    },
  };
}

const crafted: [string, string, string, () => Buffer][] = [
  ['1.4 MB of "stream" keywords without endstream', 'stall.pdf', 'application/pdf', () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_400_000, 'stream\n')])],
  ['1.4 MB of unended stream dictionaries', 'unended.pdf', 'application/pdf', () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_400_000, '1 0 obj << >> stream\n')])],
  ['0.5 MB PDF inflating to 500 MB', 'bomb.pdf', 'application/pdf', () => deflateBombPdf(500)],
  ['PDF with 8 streams of 4 MB of names', 'names.pdf', 'application/pdf', () => slowPdf(8)],
  ['80-megapixel PNG header', 'flood.png', 'image/png', () => pixelFloodPng(10_000, 8_000)],
  ['24 MB PNG of 1.7 million text chunks', 'chunks.png', 'image/png', () => chunkyPng(1_700_000)],
];

export async function benchHostileUploads() {
  const server = startServer();
  const { base, headers, installationId, parallelInstallationId } = await server.ready;
  const post = (files: unknown[]) =>
    fetch(`${base}/api/installations/${installationId}/uploads`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(files) });
  // Warm up: the inspection workers start with the first file.
  await post([{ type: 'other', name: 'warm.pdf', file: dataUrl('application/pdf', makePdf()) }]);

  // Crafted files one after the other, while /api/health is asked again and again.
  const health: number[] = [];
  let running = true;
  const poller = (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - start);
    }
  })();
  const answers: { file: string; status: number; code: string; time: number }[] = [];
  for (const [label, name, mime, make] of crafted) {
    const body = [{ type: name.endsWith('.png') ? 'pvModules' : 'other', name, file: dataUrl(mime, make()) }];
    const start = performance.now();
    const res = await post(body);
    const answer = (await res.json()) as { code?: string };
    answers.push({ file: label, status: res.status, code: answer.code ?? '-', time: performance.now() - start });
  }
  running = false;
  await poller;
  const slowest = answers.reduce((a, b) => (b.time > a.time ? b : a));
  const sortedHealth = [...health].sort((a, b) => a - b);

  // Eight 25 MB uploads at once: the server's peak resident memory above what it held before.
  const big = Array.from({ length: 8 }, (_, n) => JSON.stringify([{ type: 'other', name: `big-${n}.pdf`, file: dataUrl('application/pdf', Buffer.concat([makePdf(), Buffer.alloc(25 * MB - 1024, `% filler ${n}\n`)])) }]));
  const before = await server.ask('reset-peak');
  const started = performance.now();
  const statuses = await Promise.all(
    big.map(async (body) => {
      const res = await fetch(`${base}/api/installations/${parallelInstallationId}/uploads`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const parallelTime = performance.now() - started;
  const after = await server.ask('memory');
  await server.close();

  const counts = Object.entries(statuses.reduce<Record<number, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {}))
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');
  return {
    title: `Hostile uploads (one server process, ${engineOf()}, default limits)`,
    rows: [
      ...answers.map((a) => ({ measure: `crafted: ${a.file}`, value: `${a.status} ${a.code} in ${ms(a.time)}` })),
      { measure: 'slowest crafted upload answered in', value: `${ms(slowest.time)} (${slowest.file})` },
      { measure: `/api/health while crafted files ran (${health.length} requests)`, value: `p50 ${ms(percentile(sortedHealth, 50))}, p99 ${ms(percentile(sortedHealth, 99))}, max ${ms(sortedHealth.at(-1)!)}` },
      { measure: 'eight parallel 25 MB uploads', value: `${counts} in ${ms(parallelTime)}` },
      { measure: 'peak server memory during them (above before)', value: `+${((after.peak - before.rss) / MB).toFixed(0)} MB (peak RSS ${(after.peak / MB).toFixed(0)} MB)` },
    ],
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const table = await benchHostileUploads();
  console.log(`\n${table.title}`);
  console.table(table.rows);
}

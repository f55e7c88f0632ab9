// npm run bench: every benchmark, printed as tables and written to bench/results.md.
// PostgreSQL figures need BENCH_DATABASE_URL (a server where scratch databases may be created); the
// API and event-stream benchmarks start the server as in production and always run on PostgreSQL
// (BENCH_DATABASE_URL, else the local server). `BENCH_ONLY=api,streams npm run bench` runs just
// those two and replaces only their sections of bench/results.md; `BENCH_ONLY=bundle,lighthouse` the
// browser ones (lighthouse also counts the request rounds of the fleet home) after a web build;
// `BENCH_ONLY=instructions` counts the API's instructions per request under valgrind (bench/api-instructions.ts);
// `BENCH_ONLY=timesplit` splits a request's time into user space, kernel and wake-ups with perf (bench/api-time-split.ts);
// `BENCH_ONLY=rollout` the rollout page's API on a fleet of 10,000 systems (PostgreSQL); `BENCH_ONLY=inp`
// the INP of a scripted wizard walk (with BENCH_BEFORE also that commit's web build, back to back).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApiInstructions } from './api-instructions';
import { benchApiTimeSplit } from './api-time-split';
import { benchApiThroughput } from './api-throughput';
import { benchBackup } from './backup';
import { benchBundleSize } from './bundle-size';
import { benchHeartbeatStreams } from './heartbeat-streams';
import { benchHostileUploads } from './hostile-uploads';
import { benchImageCompression } from './image-compression';
import { benchInpWalkBeforeAfter } from './inp-walk';
import { benchLighthouse } from './lighthouse';
import { benchListInstallations } from './list-installations';
import { DEFAULT_BENCH_DATABASE_URL } from './processes';
import { benchExports } from './exports';
import { benchProcessMemory } from './process-memory';
import { benchReport } from './report';
import { benchRollout } from './rollout';

type Table = { title: string; rows: Record<string, unknown>[] };
const here = path.dirname(fileURLToPath(import.meta.url));
const tables: Table[] = [];
const pgUrl = process.env.BENCH_DATABASE_URL;

async function onEngines(run: () => Promise<Table>) {
  delete process.env.BENCH_DATABASE_URL;
  tables.push(await run());
  if (pgUrl) {
    process.env.BENCH_DATABASE_URL = pgUrl;
    tables.push(await run());
    delete process.env.BENCH_DATABASE_URL;
  }
}

function show(t: Table) {
  console.log(`\n${t.title}`);
  console.table(t.rows);
}

/** Runs against a server process on PostgreSQL: once, not per engine. */
async function onPostgres(run: () => Promise<Table>) {
  process.env.BENCH_DATABASE_URL = pgUrl ?? DEFAULT_BENCH_DATABASE_URL;
  try {
    tables.push(await run());
  } finally {
    delete process.env.BENCH_DATABASE_URL;
  }
}

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const serverBenches = { api: benchApiThroughput, instructions: benchApiInstructions, timesplit: benchApiTimeSplit, streams: benchHeartbeatStreams, memory: benchProcessMemory, report: benchReport, rollout: benchRollout, exports: benchExports };
const browserBenches = { bundle: async () => [benchBundleSize()], lighthouse: benchLighthouse, inp: benchInpWalkBeforeAfter };
const ensureWebBuild = () => {
  if (!fs.existsSync(path.join(here, '../apps/web/dist/index.html'))) execSync('npm run build -w @portal/web', { stdio: 'inherit' });
};
if (only) {
  for (const name of only) {
    const browserBench = browserBenches[name as keyof typeof browserBenches];
    if (browserBench) {
      ensureWebBuild();
      for (const table of await browserBench()) show(tables[tables.push(table) - 1]!);
      continue;
    }
    const bench = serverBenches[name as keyof typeof serverBenches];
    if (!bench) throw new Error(`BENCH_ONLY knows ${[...Object.keys(serverBenches), ...Object.keys(browserBenches)].join(', ')}, not ${name}`);
    await onPostgres(bench);
    show(tables.at(-1)!);
  }
} else {
  ensureWebBuild();
  tables.push(benchBundleSize());
  show(tables.at(-1)!);
  tables.push(await benchImageCompression());
  show(tables.at(-1)!);
  for (const table of await benchLighthouse()) show(tables[tables.push(table) - 1]!);
  for (const table of await benchInpWalkBeforeAfter()) show(tables[tables.push(table) - 1]!);
  for (const bench of [benchListInstallations, benchApiThroughput, benchHeartbeatStreams, benchProcessMemory, benchRollout, benchBackup, benchHostileUploads, benchReport, benchExports]) {
    const before = tables.length;
    if (bench === benchApiThroughput || bench === benchHeartbeatStreams || bench === benchProcessMemory || bench === benchRollout) await onPostgres(bench);
    else await onEngines(bench);
    tables.slice(before).forEach(show);
  }
}

const markdown = (t: Table) => {
  const cols = Object.keys(t.rows[0] ?? {});
  return [`### ${t.title}`, '', `| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`, ...t.rows.map((r) => `| ${cols.map((c) => String(r[c])).join(' | ')} |`), ''].join('\n');
};
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = [
  '# Benchmark results',
  '',
  `Made by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}${pgUrl ? ', PostgreSQL at BENCH_DATABASE_URL' : ', PGlite only (set BENCH_DATABASE_URL for PostgreSQL)'}.`,
  '',
];
const resultsFile = path.join(here, 'results.md');
if (only) {
  // Only the sections of the benchmarks that ran are replaced (an older run's title may differ after the
  // opening parenthesis); sections kept by hand as "before" figures have other words there and stay.
  const sections = fs.readFileSync(resultsFile, 'utf8').split(/^(?=### )/m);
  const replaces: Record<string, string[]> = {
    api: ['### API throughput ('],
    instructions: ['### API instructions per request ('],
    timesplit: ['### API time split per request ('],
    streams: ['### Digital check event streams ('],
    report: ['### Installation report ('],
    rollout: ['### Rollout API with'],
    exports: ['### Exports and imports of the largest allowed size ('],
    memory: ['### Production process: start and memory'],
    bundle: ['### Bundle'],
    lighthouse: ['### Lighthouse', '### Request rounds'],
    inp: ['### INP of a wizard walk'],
  };
  const kept = sections.filter((section) => !only.some((name) => replaces[name]!.some((title) => section.startsWith(title))));
  fs.writeFileSync(resultsFile, [...kept.map((section) => section.trimEnd() + '\n'), ...tables.map(markdown)].join('\n'));
} else {
  fs.writeFileSync(resultsFile, [...header, ...tables.map(markdown)].join('\n'));
}
console.log(`\nWritten to ${path.relative(process.cwd(), resultsFile)}`);

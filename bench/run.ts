// npm run bench: every benchmark, printed as tables and written to bench/results.md.
// PostgreSQL figures need BENCH_DATABASE_URL (a server where scratch databases may be created).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApiThroughput } from './api-throughput';
import { benchBackup } from './backup';
import { benchBundleSize } from './bundle-size';
import { benchHeartbeatStreams } from './heartbeat-streams';
import { benchHostileUploads } from './hostile-uploads';
import { benchImageCompression } from './image-compression';
import { benchLighthouse } from './lighthouse';
import { benchListInstallations } from './list-installations';
import { benchReport } from './report';

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

if (!fs.existsSync(path.join(here, '../apps/web/dist/index.html'))) execSync('npm run build -w @portal/web', { stdio: 'inherit' });
tables.push(benchBundleSize());
show(tables.at(-1)!);
tables.push(await benchImageCompression());
show(tables.at(-1)!);
tables.push(await benchLighthouse());
show(tables.at(-1)!);
for (const bench of [benchListInstallations, benchApiThroughput, benchHeartbeatStreams, benchBackup, benchHostileUploads, benchReport]) {
  const before = tables.length;
  await onEngines(bench);
  tables.slice(before).forEach(show);
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
fs.writeFileSync(path.join(here, 'results.md'), [...header, ...tables.map(markdown)].join('\n'));
console.log(`\nWritten to ${path.relative(process.cwd(), path.join(here, 'results.md'))}`);

// Compressing a 12-megapixel photo of 5-8 MB to at most 0.5 MB in headless Chromium: the portal's
// compressor (browser-image-compression in its own module worker, sized down until the target is met)
// against browser-image-compression with its defaults and only maxSizeMB 0.5. The page is bundled
// with Vite as the app is and served under the portal's Content-Security-Policy.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { ms } from './lib';

const RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 3);
const TARGET_BYTES = 0.5 * 1024 * 1024;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// As the portal's server sends it (apps/server/src/app.ts): no blob: workers, no scripts from elsewhere.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'";
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

type RunResult = { ms: number; bytes: number; width: number; height: number; longestStall: number };
type BenchPage = { bench: { makePhoto: () => Promise<{ bytes: number; width: number; height: number }>; run: (which: string) => Promise<RunResult> } };

const here = path.dirname(fileURLToPath(import.meta.url));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function buildPage(outDir: string) {
  await build({
    root: path.join(here, 'image-compression-page'),
    logLevel: 'error',
    configFile: false,
    build: { outDir, emptyOutDir: true },
  });
}

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(dir, path.normalize(pathname === '/' ? '/index.html' : pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function benchImageCompression() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-images-'));
  await buildPage(outDir);
  const server = await serve(outDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const input = await page.evaluate(() => (globalThis as unknown as BenchPage).bench.makePhoto());

    const compressors = [
      ['portal: own module worker, maxSizeMB 0.5, max side 2560 px, smaller until it fits', 'project'],
      ['browser-image-compression defaults (maxSizeMB 0.5 only)', 'defaults'],
    ] as const;
    const results = new Map<string, RunResult[]>(compressors.map(([, key]) => [key, []]));
    // Alternated, so neither profits from a warmer browser.
    for (let run = 0; run < RUNS; run++) {
      for (const [, key] of compressors) results.get(key)!.push(await page.evaluate((which) => (globalThis as unknown as BenchPage).bench.run(which), key));
    }
    const rows = compressors.map(([label, key]) => {
      const runs = results.get(key)!;
      const last = runs.at(-1)!;
      return {
        compressor: label,
        'time (median)': ms(median(runs.map((r) => r.ms))),
        'time (min-max)': `${ms(Math.min(...runs.map((r) => r.ms)))} - ${ms(Math.max(...runs.map((r) => r.ms)))}`,
        output: mb(last.bytes),
        '<= 0.5 MB': runs.every((r) => r.bytes <= TARGET_BYTES) ? 'yes' : 'no',
        pixels: `${last.width} x ${last.height}`,
        'longest main-thread stall': ms(median(runs.map((r) => r.longestStall))),
      };
    });
    return {
      title: `Image compression in headless Chromium: ${input.width} x ${input.height} JPEG of ${mb(input.bytes)} to at most 0.5 MB (${RUNS} runs each, ${os.cpus().length} CPUs)`,
      rows,
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchImageCompression();
  console.log(result.title);
  console.table(result.rows);
}

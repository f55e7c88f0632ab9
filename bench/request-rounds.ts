// Request rounds before a screen shows (the fleet home's first table row, a wizard tab's serial number):
// the page is loaded in a fresh tab of a signed-in browser (no service worker, empty HTTP cache: a first
// visit) over a link with 150 ms of latency, and every request is placed one round deeper than the
// deepest request that had finished when it started. The document is round 0; the figure is the deepest
// round among the requests that started before the screen's element was visible.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type BrowserContextOptions, type Page, type Request } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

type Timed = { url: string; start: number; end: number };

/** The longest chain of requests where each one started after the one before it had finished. */
export function requestRounds(requests: Timed[], until: number): { rounds: number; chain: string[] } {
  const sorted = requests.filter((r) => r.start <= until).sort((a, b) => a.start - b.start);
  const depth = new Map<Timed, { round: number; chain: string[] }>();
  for (const request of sorted) {
    let best: { round: number; chain: string[] } = { round: -1, chain: [] };
    for (const before of sorted) {
      if (before === request || before.end > request.start) continue;
      const found = depth.get(before);
      if (found && found.round > best.round) best = found;
    }
    depth.set(request, { round: best.round + 1, chain: [...best.chain, request.url] });
  }
  let deepest = { round: 0, chain: [] as string[] };
  for (const found of depth.values()) if (found.round > deepest.round) deepest = found;
  return { rounds: deepest.round, chain: deepest.chain };
}

const LATENCY_MS = 150;
const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/** Gzip (level 9) of the build's JavaScript files among the loaded paths, as route-size.mjs counts them. */
function gzippedJs(paths: string[], dist = defaultDist): number {
  const files = new Set(paths.map((p) => p.split('?')[0]!).filter((p) => p.startsWith('/assets/') && p.endsWith('.js')));
  return [...files].reduce((total, file) => total + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
}

/**
 * Notes in the page the moment `[data-testid=<testId>]` is in the document (the clock of the request
 * timings), so that requests the page starts right after it are not counted because the test looked later.
 * `shownAt()`, once the element is visible, reads that moment.
 */
async function watchFor(page: Page, testId: string) {
  await page.addInitScript((id) => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector(`[data-testid="${id}"]`)) return;
      (window as unknown as { shownAt: number }).shownAt = Date.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  }, testId);
  return {
    shownAt: async () => {
      await page.getByTestId(testId).first().waitFor({ state: 'visible' });
      return page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
    },
  };
}

/** The JavaScript Chromium loads for a page: asked for before `testId` showed, and until the network has been quiet after. */
export async function measureLoadedJs(url: string, testId: string, storageState: BrowserContextOptions['storageState'], dist = defaultDist): Promise<{ shown: number; idle: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ storageState, serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const loaded: { path: string; at: number }[] = [];
    page.on('request', (request) => loaded.push({ path: new URL(request.url()).pathname, at: Date.now() }));
    const watch = await watchFor(page, testId);
    await page.goto(url);
    const shownAt = await watch.shownAt();
    await page.waitForLoadState('networkidle');
    return { shown: gzippedJs(loaded.filter((r) => r.at <= shownAt).map((r) => r.path), dist), idle: gzippedJs(loaded.map((r) => r.path), dist) };
  } finally {
    await browser.close();
  }
}

/** Loads `url` in a new signed-in context and counts the rounds until `[data-testid=<testId>]` shows. */
export async function measureRounds(url: string, testId: string, storageState: BrowserContextOptions['storageState']) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ storageState, serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
    const timed: Timed[] = [];
    const record = (request: Request) => {
      const timing = request.timing();
      if (timing.startTime <= 0) return;
      const short = request.url().replace(/^https?:\/\/[^/]+/, '');
      timed.push({ url: short, start: timing.startTime, end: timing.startTime + Math.max(timing.responseEnd, 0) });
    };
    page.on('requestfinished', record);
    page.on('requestfailed', record);
    const watch = await watchFor(page, testId);
    const started = Date.now();
    await page.goto(url);
    const shown = await watch.shownAt();
    await page.waitForTimeout(200);
    const result = requestRounds(timed, shown);
    return { ...result, ms: shown - started, requests: timed.filter((r) => r.start <= shown).length };
  } finally {
    await browser.close();
  }
}

type LoadedJs = Awaited<ReturnType<typeof measureLoadedJs>>;

type Rounds = Awaited<ReturnType<typeof measureRounds>>;

export type RoundsOfTree = { column: string; rounds: { home: Rounds; wizard: Rounds }; js: { home: LoadedJs; wizard: LoadedJs } };

/** One column per measured tree (bench/before.ts). */
export function roundsTable(trees: RoundsOfTree[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (measure: string, value: (t: RoundsOfTree) => string | number) => ({ measure, ...Object.fromEntries(trees.map((t) => [t.column, value(t)])) });
  return {
    title: `Request rounds from navigation until the fleet home's first table row shows, and until a wizard tab's serial number shows (Chromium, ${LATENCY_MS} ms latency, signed in, empty cache, no service worker)`,
    rows: [
      row('rounds after the document', (t) => t.rounds.home.rounds),
      row('requests started before the row showed', (t) => t.rounds.home.requests),
      row('time to the first row', (t) => `${t.rounds.home.ms} ms`),
      row('deepest chain', (t) => t.rounds.home.chain.join(' → ')),
      row('wizard tab: rounds after the document', (t) => t.rounds.wizard.rounds),
      row('wizard tab: time to the serial number', (t) => `${t.rounds.wizard.ms} ms`),
      row('wizard tab: deepest chain', (t) => t.rounds.wizard.chain.join(' → ')),
      row('JavaScript Chromium loads for the fleet home (gzip 9): before its first row shows / until the network is idle', (t) => `${kb(t.js.home.shown)} / ${kb(t.js.home.idle)}`),
      row('JavaScript Chromium loads for a wizard tab (gzip 9): before its serial number shows / until the network is idle', (t) => `${kb(t.js.wizard.shown)} / ${kb(t.js.wizard.idle)}`),
    ],
  };
}

// Lighthouse (mobile profile: simulated 4x CPU slowdown and a slow 4G link) on the login page, the fleet
// home and a wizard tab, in Debian's Chromium, LIGHTHOUSE_RUNS times each (5): the median and range of
// each figure. Playwright signs in inside a persistent profile that Lighthouse then audits over CDP.
// With BENCH_BEFORE (bench/before.ts) the earlier commit runs beside this one, each in a server and a
// browser profile of its own, and the two are audited in turn, run by run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { median, medianAndRange, treesToCompare, treeColumn, type Tree } from './before';
import { signInByMail, startDemoServer } from './processes';
import { measureLoadedJs, measureRounds, roundsTable, type RoundsOfTree } from './request-rounds';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/**
 * Lighthouse's mobile profile slows the CPU 4x. LIGHTHOUSE_CPU_SLOWDOWN sets another factor, to stand in
 * for a slower phone on a fast machine: 12 on a machine of benchmark index 3700 is about 4x on one of 1200.
 */
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
const PAGES = ['login', 'fleet home', 'wizard: vehicle tab'] as const;
type PageName = (typeof PAGES)[number];

/**
 * `benchmarkIndex`: Lighthouse's own measure of this machine's CPU speed at the run (higher is faster), so that tables of two machines can be told apart.
 * `threadTbt`, `threadMs`, `wallMs`: see {@link mainThreadAfterPaint}. `frames`: the frames the browser drew during the audit
 * (Lighthouse keeps a screenshot of each); on a machine of few cores, each competes with the page's main thread.
 */
type Figures = {
  performance: number;
  accessibility: number;
  tbt: number;
  lcp: number;
  cls: number;
  longestAfterPaint: number;
  benchmarkIndex: number;
  threadTbt: number;
  threadMs: number;
  wallMs: number;
  frames: number;
};

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number };

/**
 * The page's main-thread tasks from its first paint to the end of the audit's trace, read off the trace
 * Lighthouse recorded: their wall time, the part of it the thread actually ran (`tdur`, thread time), and
 * the blocking time those tasks give at the same 4x slowdown when only their thread time is slowed
 * (Σ max(0, 4 · thread time − 50 ms)).
 *
 * Lighthouse's simulation slows each task's wall time, so when the page's thread waits for a core (on a
 * 2-core machine the browser's other processes, the server and Lighthouse itself run beside it) the wait
 * is counted 4x as if it were the page's own work. The thread-time figure leaves the waits out: it is the
 * page's own share, which a phone, where nothing of the bench runs beside it, would slow down.
 */
function mainThreadAfterPaint(events: TraceEvent[], slowdown = CPU_SLOWDOWN) {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return { threadTbt: Number.NaN, threadMs: Number.NaN, wallMs: Number.NaN };
  const tasks = events.filter(
    (event) => event.pid === paint.pid && event.tid === paint.tid && event.name === 'RunTask' && event.ph === 'X' && event.ts >= paint.ts,
  );
  let threadTbt = 0;
  let threadMs = 0;
  let wallMs = 0;
  for (const task of tasks) {
    const thread = (task.tdur ?? task.dur ?? 0) / 1000;
    threadMs += thread;
    wallMs += (task.dur ?? 0) / 1000;
    threadTbt += Math.max(0, slowdown * thread - 50);
  }
  return { threadTbt, threadMs, wallMs };
}

/** A production server of `tree` with the demo data, and a browser profile Lighthouse can attach to. */
async function targetOf(tree: Tree, index: number) {
  const port = 3300 + index;
  const cdpPort = 9333 + index;
  const server = startDemoServer({ port, tree: tree.root });
  const { base } = server;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-profile-'));
  let context: BrowserContext | null = null;
  const stop = async () => {
    await context?.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    await server.ready();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${cdpPort}`],
      headless: true,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const figures = new Map<PageName, Figures[]>();

  const audit = async (name: PageName, url: string) => {
    const run = async () =>
      (await lighthouse(url, {
        port: cdpPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        disableStorageReset: true,
        // Merged into the mobile profile's throttling: only the CPU factor changes.
        ...(CPU_SLOWDOWN === 4 ? {} : { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } as NonNullable<Parameters<typeof lighthouse>[1]>['throttling'] }),
      }))!;
    // A run Lighthouse could not finish (its trace lost the navigation, say) scores 0 everywhere:
    // it is run again, as Lighthouse advises, and named if it keeps failing, instead of writing zeros.
    let result = await run();
    for (let attempt = 1; result.lhr.runtimeError && attempt < 3; attempt++) result = await run();
    const { lhr } = result;
    const trace = result.artifacts.Trace.traceEvents as TraceEvent[];
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // LIGHTHOUSE_REPORTS=dir keeps each page's whole report (long tasks, script boot-up, …) for a closer look.
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      fs.writeFileSync(path.join(reports, `${tree.label.replace(/\W+/g, '-')}-${name.replace(/\W+/g, '-')}-${(figures.get(name)?.length ?? 0) + 1}.json`), JSON.stringify(lhr));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    // The long tasks of the simulated phone (Lighthouse's own estimate, as TBT counts them), after the first paint.
    const fcp = numeric('first-contentful-paint');
    const tasks = ((lhr.audits['long-tasks']?.details as { items?: { startTime: number; duration: number }[] } | undefined)?.items ?? []).filter((task) => task.startTime >= fcp);
    const measured: Figures = {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      tbt: numeric('total-blocking-time'),
      lcp: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      longestAfterPaint: Math.max(0, ...tasks.map((task) => task.duration)),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      ...mainThreadAfterPaint(trace),
      frames: trace.filter((event) => event.name === 'Screenshot').length,
    };
    figures.set(name, [...(figures.get(name) ?? []), measured]);
  };

  /** Signs in through the real mail and code, in the profile Lighthouse uses, and opens an installation. */
  const signIn = async () => {
    const page = context!.pages()[0] ?? (await context!.newPage());
    const token = await signInByMail(page.request, server, 'lighthouse@example.com');
    const bearer = { authorization: `Bearer ${token}` };
    // The name a first sign-in asks for, given as the dialog would, so that the audits see the screens.
    await page.request.patch(`${base}/api/me`, { data: { name: 'Lighthouse' }, headers: bearer });
    const created = await page.request.post(`${base}/api/installations`, {
      data: { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Lighthouse' },
      headers: bearer,
    });
    const { id, version } = (await created.json()) as { id: number; version: number };
    // The customer tab confirmed, as the installer does before going on: until then the wizard opens
    // on the customer tab whatever tab the address names.
    const confirmed = await page.request.put(`${base}/api/installations/${id}`, { data: { version, customerDataConfirmed: true }, headers: bearer });
    if (!confirmed.ok()) throw new Error(`confirming the customer tab failed: ${confirmed.status()} ${await confirmed.text()}`);
    await page.goto(`${base}/#/sono/installations/${id}?tab=vehicle`);
    await page.getByTestId('step-title').filter({ hasText: 'Vehicle' }).waitFor();
    await page.goto(`${base}/#/sono`);
    await page.getByRole('button', { name: 'Add new installation' }).waitFor();
    return id;
  };

  return { tree, base, context: () => context!, audit, signIn, figures, stop };
}

export async function benchLighthouse() {
  const trees = treesToCompare();
  const targets: Awaited<ReturnType<typeof targetOf>>[] = [];
  const rounds: RoundsOfTree[] = [];
  const column = (tree: Tree) => treeColumn(trees, tree);
  const started = new Date().toISOString().slice(0, 16).replace('T', ' ');
  try {
    for (const [index, tree] of trees.entries()) targets.push(await targetOf(tree, index));
    // The login page is audited signed out, first; then each profile signs in.
    for (let run = 0; run < RUNS; run++) for (const target of targets) await target.audit('login', `${target.base}/#/login`);
    const ids = new Map<(typeof targets)[number], number>();
    for (const target of targets) ids.set(target, await target.signIn());
    for (let run = 0; run < RUNS; run++) {
      for (const target of targets) {
        await target.audit('fleet home', `${target.base}/#/sono`);
        await target.audit('wizard: vehicle tab', `${target.base}/#/sono/installations/${ids.get(target)}?tab=vehicle`);
      }
    }
    for (const target of targets) {
      const state = await target.context().storageState();
      const dist = path.join(target.tree.root, 'apps/web/dist');
      const homeUrl = `${target.base}/#/sono`;
      const wizardUrl = `${target.base}/#/sono/installations/${ids.get(target)}?tab=vehicle`;
      rounds.push({
        column: column(target.tree),
        rounds: { home: await measureRounds(homeUrl, 'installation-row', state), wizard: await measureRounds(wizardUrl, 'wizard-serial', state) },
        js: { home: await measureLoadedJs(homeUrl, 'installation-row', state, dist), wizard: await measureLoadedJs(wizardUrl, 'wizard-serial', state, dist) },
      });
    }
  } finally {
    for (const target of targets) await target.stop();
  }
  const ms = (n: number) => `${Math.round(n)} ms`;
  const rows = PAGES.flatMap((page) =>
    targets.map((target) => {
      const runs = target.figures.get(page)!;
      const pick = (key: keyof Figures) => runs.map((r) => r[key]);
      return {
        page,
        commit: column(target.tree),
        performance: medianAndRange(pick('performance')),
        TBT: medianAndRange(pick('tbt'), ms),
        'longest task after first paint': medianAndRange(pick('longestAfterPaint'), ms),
        'TBT from thread time': medianAndRange(pick('threadTbt'), ms),
        'main thread after first paint: ran / wall': `${medianAndRange(pick('threadMs'), ms)} / ${medianAndRange(pick('wallMs'), ms)}`,
        'frames drawn': medianAndRange(pick('frames')),
        LCP: medianAndRange(pick('lcp'), ms),
        CLS: median(pick('cls')).toFixed(3),
        accessibility: medianAndRange(pick('accessibility')),
      };
    }),
  );
  const benchmarkIndex = medianAndRange(targets.flatMap((target) => [...target.figures.values()].flatMap((runs) => runs.map((r) => r.benchmarkIndex))));
  return [
    {
      title: `Lighthouse 12 (mobile profile, simulated throttling${CPU_SLOWDOWN === 4 ? '' : `, CPU slowed ${CPU_SLOWDOWN}x instead of 4x`}) in Debian Chromium, ${started} UTC: median (min-max) of ${RUNS} runs per page${trees.length > 1 ? ', the two commits audited in turn' : ''}; Lighthouse's benchmark index of this machine (CPU speed, higher is faster) ${benchmarkIndex}`,
      rows,
    },
    roundsTable(rounds),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const table of await benchLighthouse()) {
    console.log(table.title);
    console.table(table.rows);
  }
}

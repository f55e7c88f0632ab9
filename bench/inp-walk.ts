// Interaction to Next Paint of a scripted walk over every wizard tab, in Debian's Chromium with 4x CPU
// slowdown on a phone-sized window: real clicks and keystrokes (typing, drop-downs, the calendar, Save,
// Next, the stepper, a photo of a few MB picked through the file chooser). Each interaction's latency is
// read with the Event Timing API (the longest event of an interactionId, as web-vitals counts it) and
// labelled with what the walk just did. The server runs as in production with the demo data, and serves
// the web build of WEB_DIST when given one, so that an older build is measured by the same harness.
// For a closer look: BENCH_INP_LOG=1 prints every interaction, BENCH_INP_PROFILE=dir keeps a CPU profile
// of each action over 200 ms, BENCH_INP_TRACE=file.json a Chromium trace of the walk; BENCH_INP_RUNS=n.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { noisyJpeg } from './lib';
import { freePort, signInByMail, startDemoServer } from './processes';
import { treesToCompare } from './before';

const RUNS = Number(process.env.BENCH_INP_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
/** Event Timing reports nothing shorter; an interaction that left no entry took at most this. */
const THRESHOLD_MS = 16;
const SERIAL = 'SN-DEMO-0002';
/** A 412 x 823 phone, as Lighthouse's mobile profile. */
const VIEWPORT = { width: 412, height: 823 };

/** What the walk does, in the order of the table. */
const KINDS = [
  'tap a field',
  'type a character',
  'open a drop-down',
  'pick an option (keyboard)',
  'open the calendar',
  'pick a day',
  'tick a checkbox',
  'Save',
  'Next',
  'open the stepper',
  'switch tab (stepper)',
  'open the file chooser',
  'key press while a photo is compressed',
] as const;
type Kind = (typeof KINDS)[number];

type Interaction = { id: number; name: string; latency: number; start: number };
type WalkResult = { latencies: Map<Kind, number[]>; compression: { longTasks: number; longestTask: number; ms: number } };

/** Injected into the page: every interaction's latency and the long tasks, collected until read. */
function observe() {
  const state = { interactions: new Map<number, { id: number; name: string; latency: number; start: number }>(), longTasks: [] as { start: number; duration: number }[] };
  (globalThis as unknown as { __inp: typeof state }).__inp = state;
  new PerformanceObserver((list) => {
    // interactionId is not in TypeScript's DOM types yet.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (!entry.interactionId) continue;
      const known = state.interactions.get(entry.interactionId);
      if (!known || entry.duration > known.latency) state.interactions.set(entry.interactionId, { id: entry.interactionId, name: entry.name, latency: entry.duration, start: entry.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** A photo as a phone's camera makes it: 12 megapixels of noise and gradients, a few MB of JPEG. */
function cameraPhoto(): Buffer {
  const file = path.join(os.tmpdir(), 'portal-bench-inp-photo-v1.jpg');
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const bytes = noisyJpeg(7, 4000, 3000, 90);
  fs.writeFileSync(file, bytes);
  return bytes;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
/** web-vitals: the worst interaction, or with 50 and more, the worst but one per 50 (its p98). */
const inpOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => b - a);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length / 50))] ?? NaN;
};

type Observed = { interactions: Interaction[]; longTasks: { start: number; duration: number }[] };
type Action = { kind: Kind | null; tab: string; start: number; expected: number; profile?: unknown };

class Walk {
  readonly actions: Action[] = [];
  /** BENCH_INP_PROFILE=dir keeps a CPU profile of each action that took over 200 ms, for a closer look. */
  constructor(
    private readonly page: Page,
    private readonly profiler?: CDPSession,
  ) {}

  now(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }

  /**
   * Does `action` and waits for `settled` and the next frame. Its interactions are told apart by their
   * start time later: an answer that comes late is still counted for what caused it. A `kind` of null
   * does something the table does not show (a key that only moves the caret, say).
   */
  async act(kind: Kind | null, action: () => Promise<unknown>, settled?: () => Promise<unknown>, expected = 1) {
    const tab = new URL(this.page.url()).hash.match(/tab=(\w+)/)?.[1] ?? '';
    const entry: Action = { kind, tab, start: await this.now(), expected };
    this.actions.push(entry);
    if (this.profiler) await this.profiler.send('Profiler.start');
    await action();
    await settled?.();
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    if (this.profiler) entry.profile = (await this.profiler.send('Profiler.stop')).profile;
  }

  /** Everything the observers saw, once the last answers have been reported. */
  async observed(): Promise<Observed> {
    await this.page.waitForTimeout(1000);
    return this.page.evaluate(() => {
      const state = (globalThis as unknown as { __inp: { interactions: Map<number, Interaction>; longTasks: { start: number; duration: number }[] } }).__inp;
      return { interactions: [...state.interactions.values()], longTasks: state.longTasks };
    });
  }

  /** Each interaction filed under the action that started last before it. */
  latencies({ interactions }: Observed): Map<Kind, number[]> {
    const byAction = new Map<Action, Interaction[]>(this.actions.map((action) => [action, []]));
    for (const interaction of interactions) {
      const action = this.actions.findLast((a) => a.start <= interaction.start);
      if (action) byAction.get(action)!.push(interaction);
    }
    const result = new Map<Kind, number[]>();
    for (const [action, found] of byAction) {
      if (!action.kind) continue;
      const list = result.get(action.kind) ?? [];
      list.push(...found.map((i) => i.latency));
      // Shorter than the threshold leaves no entry: counted at the threshold.
      for (let missing = action.expected - found.length; missing > 0; missing--) list.push(THRESHOLD_MS);
      result.set(action.kind, list);
      const dir = process.env.BENCH_INP_PROFILE;
      if (dir && action.profile && found.some((i) => i.latency > 200)) {
        fs.writeFileSync(path.join(dir, `${this.actions.indexOf(action)}-${action.tab}-${action.kind.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(action.profile));
      }
      if (process.env.BENCH_INP_LOG) console.log(`${action.tab} ${action.kind}: ${found.map((i) => `${i.name} ${i.latency} ms`).join(', ') || `none over ${THRESHOLD_MS} ms`}`);
    }
    return result;
  }

  /**
   * Scrolls a field to the middle of the screen, where a thumb uses it: a phone lifts the focused field
   * above its keyboard. At the screen's very bottom edge, headless Chromium presents no frame for what
   * changes there, and each keystroke showed as 0.3-1 s, with 10 ms of work behind it, until something
   * else on screen changed.
   */
  private async toMiddle(field: Locator) {
    await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  }

  /** A tap on something in the page (not the footer's buttons, which stay in view). */
  async tap(kind: Kind, target: Locator, settled?: () => Promise<unknown>) {
    await this.toMiddle(target);
    await this.act(kind, () => target.click(), settled);
  }

  async tapField(field: Locator) {
    await this.tap('tap a field', field);
  }

  /** Each character a keystroke of its own, as a thumb types. */
  async type(field: Locator, text: string) {
    await this.tapField(field);
    await this.act(null, () => this.page.keyboard.press('End'));
    await this.act('type a character', () => this.page.keyboard.type(text, { delay: 60 }), undefined, text.length);
  }

  /** Opens a select's list with a tap and closes it; then picks an option with the arrow keys. */
  async choose(select: Locator, steps: number) {
    await this.tap('open a drop-down', select);
    await this.act(null, () => this.page.keyboard.press('Escape'));
    await select.focus();
    for (let i = 0; i < steps; i++) await this.act('pick an option (keyboard)', () => this.page.keyboard.press('ArrowDown'));
  }

  async next(title: string) {
    await this.act('Next', () => this.page.getByTestId('step-next').click(), () => this.page.getByTestId('step-title').filter({ hasText: title }).waitFor());
    await this.settle();
  }

  async save() {
    await this.act('Save', () => this.page.getByTestId('step-save').click(), () => this.page.getByText(/has been saved/).first().waitFor());
  }

  async switchTab(tab: string, title: string) {
    await this.act('open the stepper', () => this.page.getByTestId('stepper-toggle').click(), () => this.page.getByTestId(`dot-${tab}`).waitFor());
    await this.act('switch tab (stepper)', () => this.page.getByTestId(`dot-${tab}`).click(), () => this.page.getByTestId('step-title').filter({ hasText: title }).waitFor());
    await this.settle();
  }

  /** A new tab has loaded its chunk and what it fetches. */
  async settle() {
    await this.page.waitForLoadState('networkidle');
    await this.page.waitForTimeout(300);
  }
}

async function walkOnce(page: Page, base: string, id: number, photo: Buffer, cdp: CDPSession): Promise<WalkResult> {
  const walk = new Walk(page, process.env.BENCH_INP_PROFILE ? cdp : undefined);
  const byTestId = (testId: string) => page.getByTestId(testId);
  await page.goto(`${base}/#/sono/installations/${id}?tab=general`);
  await byTestId('step-title').filter({ hasText: 'General' }).waitFor();
  await walk.settle();

  // General: the name, the calendar, the comments, Save and Next.
  await walk.type(byTestId('general-name'), ' bench');
  await walk.tap('open the calendar', byTestId('general-start-date'), () => page.locator('table button:not([disabled])').filter({ hasText: /^15$/ }).first().waitFor());
  await walk.act('pick a day', () => page.locator('table button:not([disabled])').filter({ hasText: /^15$/ }).first().click(), () => page.locator('table').waitFor({ state: 'detached' }));
  await walk.type(byTestId('general-comments'), 'Depot 3');
  await walk.save();
  await walk.next('Customer');

  // Customer: the acknowledgement.
  await walk.tap('tick a checkbox', byTestId('customer-confirm'));
  await walk.next('Vehicle');

  // Vehicle: every field, a drop-down each way.
  await walk.choose(byTestId('vehicle-type'), 3);
  await walk.type(byTestId('vehicle-manufacturer'), 'Mercedes');
  await walk.type(byTestId('vehicle-model'), 'eSprinter');
  await walk.type(byTestId('vehicle-year'), '2024');
  await walk.choose(byTestId('vehicle-transmission'), 1);
  await walk.choose(byTestId('vehicle-battery-type'), 2);
  await walk.type(byTestId('vehicle-battery-capacity'), '113');
  await walk.type(byTestId('vehicle-vin'), 'WMA06XZZ5LM123458');
  await walk.type(byTestId('vehicle-mileage'), '1200');
  await walk.save();
  await walk.next('System');

  // System: the serial numbers acknowledged.
  await walk.tap('tick a checkbox', byTestId('system-confirm'));
  await walk.next('Setup');

  // Setup: the counts and the three LEDs of the one controller.
  await walk.type(byTestId('setup-pv-0'), '8');
  await walk.type(byTestId('setup-channels-0'), '8');
  for (const led of ['powerLed', 'statusLed', 'faultLed']) await walk.choose(byTestId(`setup-${led}-0`), 1);
  await walk.save();
  await walk.next('Uploads');

  // Uploads: a camera photo in each required slot; keys pressed while it is compressed.
  await byTestId('upload-pick-pvModules').waitFor({ timeout: 20_000 });
  const compressions: { start: number; end: number }[] = [];
  for (const [slot, name] of [
    ['pvModules', 'pv-modules.jpg'],
    ['telematics-mcu', 'telematics-mcu.jpg'],
  ] as const) {
    await walk.act('open the file chooser', async () => {
      const chooser = page.waitForEvent('filechooser');
      await byTestId(`upload-pick-${slot}`).click();
      await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
    });
    const start = await walk.now();
    const compressing = byTestId(`upload-slot-${slot}`).getByTestId('upload-compressing');
    await compressing.waitFor({ timeout: 20_000 });
    // A key that moves nothing, a few times while the worker compresses.
    for (let i = 0; i < 4 && (await compressing.isVisible()); i++) {
      await walk.act('key press while a photo is compressed', () => page.keyboard.press('Shift'));
      await page.waitForTimeout(200);
    }
    await compressing.waitFor({ state: 'detached', timeout: 60_000 });
    await byTestId(`upload-slot-${slot}`).getByText(name).first().waitFor();
    compressions.push({ start, end: await walk.now() });
  }
  await walk.save();
  await walk.next('Digital check');

  // The digital check waits for devices: the stepper leads on to the summary.
  await walk.switchTab('summary', 'Summary');
  // Back to earlier tabs and forth, as an installer corrects something.
  await walk.switchTab('vehicle', 'Vehicle');
  await walk.switchTab('general', 'General');
  await walk.switchTab('setup', 'Setup');
  await walk.switchTab('uploads', 'Uploads');
  await walk.switchTab('summary', 'Summary');
  // The summary's own entries are the last: leaving with them would ask first.
  await walk.type(byTestId('summary-comments'), 'Bay 2');
  await walk.tap('tick a checkbox', byTestId('summary-confirm'));
  const observed = await walk.observed();
  const during = observed.longTasks.filter((task) => compressions.some((c) => task.start + task.duration > c.start && task.start < c.end));
  return {
    latencies: walk.latencies(observed),
    compression: {
      longTasks: during.length,
      longestTask: Math.max(0, ...during.map((task) => task.duration)),
      ms: compressions.reduce((sum, c) => sum + c.end - c.start, 0),
    },
  };
}

export async function benchInpWalk(options: { webDist?: string } = {}) {
  const port = process.env.BENCH_INP_PORT ? Number(process.env.BENCH_INP_PORT) : await freePort();
  const webDist = options.webDist ?? process.env.WEB_DIST;
  const server = startDemoServer({ port, webDist });
  const { base } = server;
  const photo = cameraPhoto();
  const runs: WalkResult[] = [];
  // The server stops whatever fails, the browser's launch included.
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...(process.env.BENCH_INP_CDP_PORT ? [`--remote-debugging-port=${process.env.BENCH_INP_CDP_PORT}`] : [])],
      headless: true,
    });
    await server.ready();
    for (let run = 0; run < RUNS; run++) {
      // A phone: mobile emulation with touch, as Lighthouse's mobile profile runs it.
      const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, locale: 'en-US', serviceWorkers: 'block' });
      await context.addInitScript(observe);
      const page = await context.newPage();
      try {
        // Signed in through the real mail and code.
        const token = await signInByMail(page.request, server, `inp-${run}@example.com`);
        const authorization = { authorization: `Bearer ${token}` };
        const created = await page.request.post(`${base}/api/installations`, {
          data: { systemSerialNumber: SERIAL, startDate: '2026-11-20', name: `Walk ${run + 1}` },
          headers: authorization,
        });
        if (!created.ok()) throw new Error(`creating the installation failed: ${created.status()} ${await created.text()}`);
        const { id } = (await created.json()) as { id: number };
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        if (process.env.BENCH_INP_PROFILE) {
          fs.mkdirSync(process.env.BENCH_INP_PROFILE, { recursive: true });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        }
        const trace = process.env.BENCH_INP_TRACE;
        if (trace) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'latencyInfo'] });
        runs.push(await walkOnce(page, base, id, photo, cdp));
        if (trace) await browser.stopTracing();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        // The serial number is free again for the next walk.
        await page.request.delete(`${base}/api/installations/${id}`, { headers: authorization });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser?.close();
    await server.stop();
  }

  const round = (value: number) => (Number.isFinite(value) ? Math.round(value) : '-');
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');
  const rows: Record<string, string | number>[] = KINDS.map((kind) => {
    const perRun = runs.map((run) => run.latencies.get(kind) ?? []);
    return {
      interaction: kind,
      count: round(median(perRun.map((values) => values.length))),
      median: ms(median(perRun.map(median))),
      max: ms(median(perRun.map((values) => Math.max(...values)))),
      'over 200 ms': round(median(perRun.map((values) => values.filter((v) => v > 200).length))),
    };
  });
  const all = runs.map((run) => [...run.latencies.values()].flat());
  rows.push({
    interaction: 'whole walk (INP)',
    count: round(median(all.map((values) => values.length))),
    median: ms(median(all.map(median))),
    max: `INP ${ms(median(all.map(inpOf)))} (runs: ${all.map((values) => Math.round(inpOf(values))).join(', ')})`,
    'over 200 ms': round(median(all.map((values) => values.filter((v) => v > 200).length))),
  });
  const compressions = runs.map((run) => run.compression);
  rows.push({
    interaction: 'two photos compressed (long tasks on the main thread meanwhile)',
    count: round(median(compressions.map((c) => c.longTasks))),
    median: ms(median(compressions.map((c) => c.ms))),
    max: `longest task ${ms(median(compressions.map((c) => c.longestTask)))}`,
    'over 200 ms': '-',
  });
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const build = webDist ? path.basename(path.resolve(webDist)) : 'apps/web/dist';
  return [
    {
      title: `INP of a wizard walk (Event Timing, ${CPU_SLOWDOWN}x CPU slowdown, ${VIEWPORT.width} x ${VIEWPORT.height}, median of ${runs.length} runs, web build ${build}), ${date} UTC`,
      rows,
    },
  ];
}

/**
 * The walk on this tree's web build, and with BENCH_BEFORE (bench/before.ts) first on that commit's own
 * build, served by the same server and walked by this harness, back to back: one table with both.
 */
export async function benchInpWalkBeforeAfter() {
  const trees = treesToCompare();
  if (trees.length === 1) return benchInpWalk();
  const [before, after] = trees;
  const [old] = await benchInpWalk({ webDist: path.join(before!.root, 'apps/web/dist') });
  const [now] = await benchInpWalk();
  const b = `before (${before!.label})`;
  const a = `after (${after!.label})`;
  const rows = now!.rows.map((row, i) => {
    const was = old!.rows[i]!;
    return {
      interaction: row.interaction,
      [`count, ${b} / ${a}`]: `${was.count} / ${row.count}`,
      [`median, ${b}`]: was.median,
      [`median, ${a}`]: row.median,
      [`max, ${b}`]: was.max,
      [`max, ${a}`]: row.max,
      [`over 200 ms, ${b} / ${a}`]: `${was['over 200 ms']} / ${row['over 200 ms']}`,
    };
  });
  return [{ title: `${now!.title.replace(/, web build [^)]*\)/, ')')}, the two commits walked in turn`, rows }];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npx tsx bench/inp-walk.ts [web build folder]; with BENCH_BEFORE=<commit>, that commit's build is walked first.
  for (const table of process.argv[2] ? await benchInpWalk({ webDist: process.argv[2] }) : await benchInpWalkBeforeAfter()) {
    console.log(table.title);
    console.table(table.rows);
  }
}

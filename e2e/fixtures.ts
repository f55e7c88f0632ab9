import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page, type Request } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './config.mjs';

export { expect };

let counter = 0;
/** A fresh address per test, so tests never share a user. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** The code and link of the newest sign-in mail to an address, read from the server's outbox. */
export async function readSignInMail(email: string, after = 0, dir = path.join(E2E_DATA_DIR, 'outbox')): Promise<{ code: string; link: string }> {
  await expect.poll(() => newestSignInMail(email, after, dir), { message: `no sign-in mail for ${email}`, timeout: 5_000, intervals: [100] }).not.toBeNull();
  const mail = newestSignInMail(email, after, dir);
  if (!mail) throw new Error(`no sign-in mail for ${email}`);
  return mail;
}

function newestSignInMail(email: string, after: number, dir: string): { code: string; link: string } | null {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(email) && f.endsWith('.json')).sort() : [];
  const newest = files.at(-1);
  if (!newest || fs.statSync(path.join(dir, newest)).mtimeMs < after) return null;
  const { text } = JSON.parse(fs.readFileSync(path.join(dir, newest), 'utf8')) as { text: string };
  const code = text.match(/\b(\d{6})\b/)?.[1];
  const link = text.match(/https?:\/\/\S+/)?.[0];
  return code && link ? { code, link } : null;
}

/** The operator CLI against the running e2e server (it goes through the server's control socket). */
export function admin(...args: string[]): string {
  const result = spawnSync('node', ['scripts/admin.mjs', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** Signs in through the API (the real mail and code), sharing the cookie with the page. */
export async function signInViaApi(page: Page, email: string): Promise<void> {
  const started = Date.now();
  const headers = { origin: E2E_BASE_URL };
  const sent = await page.request.post('/api/auth/email/send', { data: { email }, headers });
  expect(sent.status()).toBe(200);
  const { code } = await readSignInMail(email, started - 1000);
  const res = await page.request.post('/api/auth/sign-in/email-otp', { data: { email, otp: code }, headers });
  expect(res.status()).toBe(200);
}

export const test = base;

/**
 * Resolves once no CSS transition runs: a dialog, popover or calendar that fades in is judged and pictured
 * as the installer sees it once it stands still, not half-transparent. Two frames first, so that a
 * transition the last click asked for has started.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'), undefined, {
      timeout: 5000,
    })
    .catch(() => {});
}

/** A picture of the page for the docs, taken once nothing moves (see untilStill). */
export async function stillScreenshot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  await untilStill(page);
  await page.screenshot(options);
}

/** Resolves once 500 ms pass with no request starting or ending but a check's event stream (at most 5 s). */
async function untilQuietBesideStreams(page: Page): Promise<void> {
  let lastSeen = Date.now();
  const seen = (request: Request) => {
    if (!request.url().endsWith('/systemChecks/events')) lastSeen = Date.now();
  };
  page.on('request', seen).on('requestfinished', seen).on('requestfailed', seen);
  try {
    const until = Date.now() + 5000;
    while (Date.now() - lastSeen < 500 && Date.now() < until) await page.waitForTimeout(100);
  } finally {
    page.off('request', seen).off('requestfinished', seen).off('requestfailed', seen);
  }
}

/** No serious or critical accessibility violations on what the page shows now (WCAG 2.1 A/AA). */
export async function expectAccessible(page: Page, label: string) {
  // Judge the settled screen, not a list fading between two loads. A digital check keeps its event stream
  // open, so there the network never goes idle: wait for the other requests to be quiet instead.
  if ((await page.getByTestId('stream-status').count()) > 0) await untilQuietBesideStreams(page);
  else await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  // Judge the screen at rest: the pointer of the last click would otherwise hold a button in its hover colours.
  await page.mouse.move(0, 0);
  await untilStill(page);
  // axe.run in the page itself: the portal has no frames of other origins, so the default's extra blank page
  // (where it joins the frames' results) only costs time, about 0.6 s a check.
  let serious = await seriousViolations(page);
  // A toast may start to fade out while axe runs (a saved toast shows for a second): its text, caught
  // half transparent, fails the contrast check. What fails on the screen at rest fails again once the
  // transitions have ended; what passes then was caught moving and is not held against the screen.
  if (serious.length > 0) {
    await untilStill(page);
    const again = new Set(await seriousViolations(page));
    serious = serious.filter((violation) => again.has(violation));
  }
  expect(serious, `accessibility of ${label}`).toEqual([]);
}

/** The serious and critical WCAG 2.1 A/AA violations axe finds on the page now, one line per rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} (${n.target.join(' ')})`));
}

/** Everything an IndexedDB store of the page holds, as text ('' while the store does not exist yet). */
export function storedText(page: Page, database: string, store: string): Promise<string> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open(name);
        // Opening a database that does not exist yet would create it empty, and the page's own first open
        // would then find it made and make no store in it: the look is called off instead.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          const done = (text: string) => {
            db.close();
            resolve(text);
          };
          if (!db.objectStoreNames.contains(storeName)) return done('');
          const all = db.transaction(storeName).objectStore(storeName).getAll();
          all.onsuccess = () => done(JSON.stringify(all.result));
          all.onerror = () => done('');
        };
        open.onerror = () => resolve('');
      }),
    [database, store] as const,
  );
}

/**
 * Signs in as a person does: the login page, the code from the emailed message (the sixth digit signs in by
 * itself), then, on an address's first sign-in, the name question answered with its prefilled guess.
 */
export async function signInOnLoginPage(page: Page, email: string, { again = false } = {}): Promise<void> {
  await page.goto('/#/login');
  const started = Date.now();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-request').click();
  const { code } = await readSignInMail(email, started - 1000);
  await page.getByTestId('login-code').fill(code);
  await expect(page).toHaveURL(/#\/sono$/);
  if (!again) {
    await page.getByTestId('display-name-save').click();
    await expect(page.getByTestId('display-name-dialog')).toBeHidden();
  }
  await expect(page.getByRole('button', { name: 'Add new installation' }).first()).toBeVisible();
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { E2E_BASE_URL } from './config.mjs';
import { expect, stillScreenshot, storedText, test } from './fixtures';
import { createDraft, createDraftUpToSetup, deleteInstallation, pngFile, signInWithToken, type Api } from './installation-api';

// The portal on a phone in a depot without signal: the service worker is on in this file only.
// Other specs share the server: this file uses only SN-DEMO-0003 and deletes what it created.
const SERIAL = 'SN-DEMO-0003';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const SHOTS = process.env.SCREENSHOT_DIR;

/** With SCREENSHOT_DIR set: the screen in English and German, at 1280 and 390 px, to look at. */
async function shotsOf(page: Page, name: string, isShown: () => Promise<void>, beforeReload: () => Promise<void> = async () => {}) {
  if (!SHOTS) return;
  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await page.evaluate((value) => window.localStorage.setItem('sonoLocale', value), locale);
      await beforeReload();
      await page.reload();
      await isShown();
      await stillScreenshot(page, { path: path.join(SHOTS, `${name}-${locale}-${width}.png`) });
    }
  }
  await page.evaluate(() => window.localStorage.setItem('sonoLocale', 'en'));
  await beforeReload();
  await page.reload();
}

test.use({ serviceWorkers: 'allow' });

/** A small PNG, different for every hue (the server stores a file once per slot). */
const png = (name: string, hue: number) => pngFile(name, hue * 37);

/** Waits until the service worker controls the page (a reload after its first install). */
async function untilControlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The last copy of the fleet home is written shortly after it loaded. */
async function untilKeptOffline(page: Page, text: string) {
  await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain(text);
}

async function uploadsOf(api: Api, id: number): Promise<string[]> {
  const res = await api.request.get(`/api/installations/${id}/uploads`, { headers: api.headers });
  return ((await res.json()) as { name: string }[]).map((u) => u.name).sort();
}

test.describe('offline', () => {
  let api: Api;
  let id: number | null = null;

  test.afterEach(async () => {
    if (id !== null) await deleteInstallation(api, id);
    id = null;
  });

  test('the portal is installable: Chromium parses the manifest and finds no installability error', async ({ playwright }) => {
    // Chromium never offers to install from an incognito profile, which every test context is: this one gets a real profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL: E2E_BASE_URL,
      serviceWorkers: 'allow',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signInWithToken(page, 'install');
      await page.goto('/#/sono');
      await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
      await untilControlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data!)).toMatchObject({ name: 'Sono Motors Installer Portal', display: 'standalone', theme_color: '#1864ab' });
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('reload and a new page while offline: the portal opens with the fleet home and the drafts, and says it is offline', async ({ page, context }) => {
    api = await signInWithToken(page, 'offline');
    id = (await createDraft(api, SERIAL, 'Bus 7 in the yard without signal')).id;
    await page.goto('/#/sono');
    await expect(page.getByText('Bus 7 in the yard without signal').first()).toBeVisible();
    await untilControlled(page);
    await untilKeptOffline(page, 'Bus 7 in the yard without signal');

    await context.setOffline(true);
    // The emulated loss of network reaches the service worker too: its fetches fail like the page's.
    const [worker] = context.serviceWorkers();
    expect(await worker!.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'failed'))).toBe('failed');
    await page.reload();
    await expect(page.getByTestId('app-offline-notice')).toBeVisible();
    await expect(page.getByTestId('connection-badge')).toHaveText('Offline');
    await expect(page.getByText('Bus 7 in the yard without signal').first()).toBeVisible();
    // The API was not answered from a cache: nothing reached it, the page says so.
    expect(await page.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'failed'))).toBe('failed');

    const other = await context.newPage();
    await other.goto('/');
    await expect(other).toHaveURL(/#\/sono$/);
    await expect(other.getByTestId('app-offline-notice')).toBeVisible();
    await expect(other.getByText('Bus 7 in the yard without signal').first()).toBeVisible();
    await other.close();
    await shotsOf(page, 'offline-home', async () => {
      await expect(page.getByTestId('app-offline-notice')).toBeVisible();
      await expect(page.getByText('Bus 7 in the yard without signal').first()).toBeVisible();
    });
    await context.setOffline(false);
  });

  test('sign-in needs the network and says so', async ({ page, context }) => {
    await page.goto('/#/login');
    await expect(page.getByTestId('login-email')).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('login-offline')).toHaveText('You are offline. Signing in needs a connection to the internet.');
    // Never signed in on this device: no service worker yet, so each picture's page loads online, then loses the network.
    await shotsOf(
      page,
      'login-offline',
      async () => {
        await context.setOffline(true);
        await expect(page.getByTestId('login-offline')).toBeVisible();
      },
      () => context.setOffline(false),
    );
    await context.setOffline(false);
    await expect(page.getByTestId('login-offline')).toHaveCount(0);
  });

  test('photos picked offline survive closing the page and upload when it is opened again online', async ({ page, context }) => {
    // Four reloads for the pictures of the waiting list, then a closed page and a new one.
    test.setTimeout(150_000);
    api = await signInWithToken(page, 'photos');
    id = (await createDraftUpToSetup(api, SERIAL, 'Van 3, photos without signal')).id;
    await page.goto(`/#/sono/installations/${id}?tab=uploads`);
    await expect(page.getByTestId('upload-slot-pvModules')).toBeVisible();
    await untilControlled(page);
    // The reload under the service worker loads the wizard's chunks again.
    await expect(page.getByTestId('upload-slot-pvModules')).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await page.getByTestId('upload-input-pvModules').setInputFiles([png('roof-left.png', 1), png('roof-right.png', 2)]);
    await page.getByTestId('upload-input-telematics-mcu').setInputFiles([png('tcu-label.png', 3)]);
    await expect(page.getByTestId('upload-file')).toHaveCount(3);
    await page.getByTestId('step-save').click();
    await expect(page.getByTestId('upload-queued')).toHaveCount(3);
    const badge = page.getByTestId('connection-badge');
    await expect(badge).toHaveText('Offline · 3 photos waiting');

    // The waiting list, on a phone, in both languages (README screenshots); reloads while offline keep the queue.
    for (const locale of ['en', 'de'] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
        await page.evaluate((value) => window.localStorage.setItem('sonoLocale', value), locale);
        await page.reload();
        await expect(badge).toHaveText(locale === 'en' ? 'Offline · 3 photos waiting' : 'Offline · 3 Fotos warten');
        await badge.click();
        await expect(page.getByTestId('waiting-file')).toHaveCount(3);
        await stillScreenshot(page, { path: path.join(out, `offline-waiting-${locale}-${width}.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await page.evaluate(() => window.localStorage.setItem('sonoLocale', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });

    // One removed from the list is gone from the queue, and from the tab.
    await page.reload();
    await badge.click();
    await page.getByTestId('waiting-list').getByRole('button', { name: 'Remove roof-right.png' }).click();
    await expect(badge).toHaveText('Offline · 2 photos waiting');
    await page.keyboard.press('Escape');
    expect(await uploadsOf(api, id)).toEqual([]);

    await page.close();
    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto(`/#/sono/installations/${id}?tab=uploads`);
    await expect.poll(() => uploadsOf(api, id!), { timeout: 20_000 }).toEqual(['roof-left.png', 'tcu-label.png']);
    await expect(reopened.getByTestId('connection-badge')).toHaveCount(0);
    await expect(reopened.getByTestId('upload-file').filter({ hasText: 'roof-left.png' })).toHaveAttribute('data-status', 'saved');
    await expect(reopened.getByTestId('upload-file').filter({ hasText: 'roof-right.png' })).toHaveCount(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { admin, expect, stillScreenshot, storedText, test, uniqueEmail } from './fixtures';
import { openProfile, signInOnLoginPage, untilControlled } from './field-profile';
import { createDraftUpToSetup, deleteDraftOn, deleteInstallation, getInstallation, pngFile, type Api } from './installation-api';
import { customerStep, setupStep, systemStep, vehicleStep } from './wizard-steps';

// A real installer's phone: a persistent profile, signed in through the login page with the emailed
// code, the service worker in control, then the network cut. Uses only SN-DEMO-0004.
const SERIAL = 'SN-DEMO-0004';
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

/** The README's phone pictures of a screen, in English and German (reloaded offline for each language). */
async function phoneShots(page: Page, name: string, isShown: () => Promise<void>, fullPage = false) {
  for (const locale of ['de', 'en'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('sonoLocale', value), locale);
    await page.reload();
    await isShown();
    await stillScreenshot(page, { path: path.join(docs, `${name}-${locale}-390.png`), fullPage });
  }
}

type KeptSnapshot = { state: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] } };

/** Installation `id` as the device's copy holds it (what an offline start opens with), or null. */
async function keptInstallation(page: Page, id: number): Promise<{ customerDataConfirmed?: boolean } | null> {
  const snapshots = JSON.parse((await storedText(page, 'installer-portal-cache', 'queries')) || '[]') as KeptSnapshot[];
  for (const { state } of snapshots) {
    const kept = state.queries.find(({ queryKey }) => queryKey.length === 2 && queryKey[0] === 'installation' && queryKey[1] === id);
    if (kept) return kept.state.data as { customerDataConfirmed?: boolean };
  }
  return null;
}

function apiOf(request: APIRequestContext, email: string): Api {
  const token = admin('token', email).split('\n').at(-1)!.trim();
  return { request, headers: { authorization: `Bearer ${token}` } };
}

/** The wizard's tabs of a draft saved up to the setup, with their titles. */
const TABS = [
  ['general', 'General'],
  ['customer', 'Customer'],
  ['vehicle', 'Vehicle'],
  ['system', 'System'],
  ['setup', 'Setup'],
  ['uploads', 'Uploads'],
  ['digitalCheck', 'Digital check'],
  ['summary', 'Summary'],
] as const;

/** The fleet home with the draft, or a wizard tab with its title: shown from the device copy, without an error. */
async function expectScreen(page: Page, url: string) {
  const tab = /tab=(\w+)/.exec(url)?.[1];
  if (tab) await expect(page.getByTestId('step-title')).toHaveText(TABS.find(([name]) => name === tab)![1]);
  else await expect(page.getByText('Trailer 12 in the dead spot').first()).toBeVisible();
  await expectNoError(page);
}

/** Opens the fleet home and every tab of installation `id` with `open`, and checks each screen on the page it answers. */
async function expectEveryScreen(id: number, open: (url: string) => Promise<Page>) {
  for (const url of ['/#/sono', ...TABS.map(([tab]) => `/#/sono/installations/${id}?tab=${tab}`)]) {
    const shown = await open(url);
    await expectScreen(shown, url);
    if (shown.context().pages().length > 1) await shown.close();
  }
}

/** No error modal, no load error: the screen as the device holds it. */
async function expectNoError(page: Page) {
  await expect(page.getByText('Service unavailable')).toHaveCount(0);
  await expect(page.getByText('Error loading data')).toHaveCount(0);
  await expect(page.getByText('UNKNOWN_ERROR')).toHaveCount(0);
}

test.describe('field: offline on a real profile', () => {
  test.use({ actionTimeout: 15_000 });
  let profile: string;
  test.beforeEach(() => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-field-'));
  });
  test.afterEach(() => fs.rmSync(profile, { recursive: true, force: true }));

  test('reload, new tab and browser restart while offline keep the fleet home and the wizard tabs', async ({ playwright, request }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('field');
    let context = await openProfile(playwright, profile);
    let page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, email);
    const api = apiOf(request, email);
    const { id } = await createDraftUpToSetup(api, SERIAL, 'Trailer 12 in the dead spot');
    try {
      await untilControlled(page);
      await page.goto('/#/sono');
      await expect(page.getByText('Trailer 12 in the dead spot').first()).toBeVisible();
      // Every wizard tab once online, so the device holds what each shows.
      for (const [tab, title] of TABS) {
        await page.goto(`/#/sono/installations/${id}?tab=${tab}`);
        await expect(page.getByTestId('step-title')).toHaveText(title);
      }
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('Trailer 12 in the dead spot');
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('"installation"');

      await context.setOffline(true);
      await expectEveryScreen(id, async (url) => {
        await page.goto(url);
        await page.reload();
        return page;
      });
      // A failed read would show its error after its retries (about 3 s); the copy must still be whole.
      await page.waitForTimeout(4000);
      await expectNoError(page);
      expect(await storedText(page, 'installer-portal-cache', 'queries')).toContain('Trailer 12 in the dead spot');

      // A new tab for each screen.
      await expectEveryScreen(id, async (url) => {
        const other = await context.newPage();
        await other.goto(url);
        return other;
      });

      // The browser restarted, still offline.
      await context.close();
      context = await openProfile(playwright, profile);
      await context.setOffline(true);
      page = context.pages()[0] ?? (await context.newPage());
      await expectEveryScreen(id, async (url) => {
        await page.goto(url);
        return page;
      });
      // Back online the portal picks up by itself: no modal, no Try again.
      await context.setOffline(false);
      await expect(page.getByTestId('app-offline-notice')).toHaveCount(0);
      await expect(page.getByText('Trailer 12 in the dead spot').first()).toBeVisible();
      await expectNoError(page);
    } finally {
      await context.close();
      await deleteInstallation(api, id);
    }
  });

  test('a complete installation with the network cut from the vehicle tab to the uploads tab, reloaded once offline', async ({ playwright, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('fieldwizard');
    const context = await openProfile(playwright, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, email);
    const api = apiOf(request, email);
    await deleteDraftOn(api, SERIAL);
    await untilControlled(page);
    let id: number | null = null;
    try {
      await page.getByRole('button', { name: 'Add new installation' }).click();
      await page.getByTestId('pre-start').click();
      await page.getByTestId('general-serial').fill(SERIAL);
      await page.getByTestId('general-name').fill('Truck 4, no signal in bay 3');
      await page.getByTestId('step-next').click();
      await expect(page).toHaveURL(/#\/sono\/installations\/\d+\?tab=customer$/);
      id = Number(/installations\/(\d+)/.exec(page.url())?.[1]);
      await customerStep(page);
      await expect(page.getByTestId('step-title')).toHaveText('Vehicle');
      // The copy of the installation, with the customer confirmed, is on the device before the network goes.
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('Truck 4, no signal in bay 3');
      await expect.poll(async () => (await keptInstallation(page, id!))?.customerDataConfirmed).toBe(true);

      await context.setOffline(true);
      await expect(page.getByTestId('vehicle-city')).toHaveAccessibleDescription(/Suggestions need the connection/);
      await vehicleStep(page, { type: 'Van', manufacturer: 'Ford', model: 'E-Transit', year: '2023', batteryCapacity: '68', vin: 'WF0EXXTTRELA12345', mileage: '5400' });
      await systemStep(page);
      await expect(page.getByTestId('step-title')).toHaveText('Setup');
      // Reloaded once on the way: the tab opens from the device, its waiting saves with it.
      await page.reload();
      await setupStep(page, { pvModules: '6', channels: '6', statusLed: 'On' });
      await expect(page.getByTestId('step-title')).toHaveText('Uploads');
      await page.getByTestId('upload-input-pvModules').setInputFiles(pngFile('roof.png', 11));
      await page.getByTestId('upload-input-telematics-mcu').setInputFiles(pngFile('tcu.png', 12));
      await page.getByTestId('step-next').click();
      await expect(page.getByTestId('step-title')).toHaveText('Digital check');
      await expect(page.getByTestId('checks-offline')).toHaveText(/The checks wait for the connection/);
      await page.goto(`/#/sono/installations/${id}?tab=summary`);
      await expect(page.getByTestId('summary-waiting')).toContainText('Not sent yet: 2 photos, 3 changes');
      // Never opened online: the summary itself needs the connection, so no Submit is offered.
      await expect(page.getByTestId('summary-offline')).toHaveText(/The summary needs the connection/);
      await expect(page.getByTestId('summary-submit')).toHaveCount(0);
      await phoneShots(page, 'offline-summary-waiting', () => expect(page.getByTestId('waiting-change')).toHaveCount(3), true);
      expect((await getInstallation(api, id)).system.chargeControllers[0]).toMatchObject({ pvModulesCount: null });

      // Back online: the saves and photos go by themselves, the summary and the checks follow.
      await context.setOffline(false);
      await expect(page.getByTestId('summary-waiting')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId('summary-vin')).toHaveText('WF0EXXTTRELA12345');
      await expect(page.getByTestId('summary-submit')).toBeEnabled();
      expect((await getInstallation(api, id)).system.chargeControllers[0]).toMatchObject({ pvModulesCount: 6 });
      await page.goto(`/#/sono/installations/${id}?tab=digitalCheck`);
      await expect(page.getByTestId('check-row').first()).toBeVisible();
    } finally {
      await context.close();
      if (id !== null) await deleteInstallation(api, id);
    }
  });

  test('a save kept offline is not unsaved: closing the wizard asks nothing, Don\'t save keeps it, and it reaches the server once online', async ({ playwright, request }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('fieldkept');
    const context = await openProfile(playwright, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, email);
    const api = apiOf(request, email);
    const { id } = await createDraftUpToSetup(api, SERIAL, 'Bus 22, depot gate');
    try {
      await untilControlled(page);
      await page.goto(`/#/sono/installations/${id}?tab=general`);
      await page.reload();
      await expect(page.getByTestId('general-name')).toHaveValue('Bus 22, depot gate');
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('Bus 22, depot gate');

      await context.setOffline(true);
      await page.getByTestId('general-name').fill('Bus 22, saved without signal');
      await page.getByTestId('step-save').click();
      await expect(page.getByTestId('connection-badge')).toHaveText('Offline · 1 change waiting');
      await page.getByTestId('wizard-close').click();
      await expect(page).toHaveURL(/#\/sono$/);
      await expect(page.getByTestId('close-dialog')).toHaveCount(0);

      // Typed after the save and not saved: closing asks, and Don't save forgets only that typing.
      await page.goto(`/#/sono/installations/${id}?tab=general`);
      await expect(page.getByTestId('general-name')).toHaveValue('Bus 22, saved without signal');
      await page.getByTestId('general-name').fill('Bus 22, typed and dropped');
      await page.getByTestId('wizard-close').click();
      await page.getByTestId('close-dialog').getByRole('button', { name: "Don't save" }).click();
      await expect(page).toHaveURL(/#\/sono$/);
      await expect(page.getByTestId('connection-badge')).toHaveText('Offline · 1 change waiting');

      await context.setOffline(false);
      const savedName = async () => ((await (await api.request.get(`/api/installations/${id}`, { headers: api.headers })).json()) as { name: string }).name;
      await expect.poll(savedName, { timeout: 45_000 }).toBe('Bus 22, saved without signal');
    } finally {
      await context.close();
      await deleteInstallation(api, id);
    }
  });

  test('logout offline with a change not sent: the portal names it, signs out for real once online, and the next installer starts clean', async ({ playwright, request }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('fieldlogout');
    const context = await openProfile(playwright, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, email);
    const api = apiOf(request, email);
    const { id } = await createDraftUpToSetup(api, SERIAL, 'Bus 21, shared phone');
    try {
      await untilControlled(page);
      await page.goto(`/#/sono/installations/${id}?tab=general`);
      await page.reload();
      await expect(page.getByTestId('general-name')).toHaveValue('Bus 21, shared phone');
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('Bus 21, shared phone');

      await context.setOffline(true);
      await page.getByTestId('general-name').fill('Bus 21, renamed without signal');
      await page.getByTestId('step-save').click();
      await expect(page.getByTestId('connection-badge')).toHaveText('Offline · 1 change waiting');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Log out' }).click();
      // The tab's entries are saved and wait on the device: nothing is unsaved, so the wizard lets go at
      // once, and the logout page names what has not been sent.
      await expect(page.getByTestId('logout-waiting-count')).toHaveText('1 change not sent yet.');
      await expect(page.getByTestId('close-dialog')).toHaveCount(0);
      await phoneShots(page, 'logout-waiting', () => expect(page.getByTestId('logout-waiting')).toBeVisible());
      await expect(page.getByTestId('logout-waiting-count')).toHaveText('1 change not sent yet.');
      await page.getByTestId('logout-discard').click();
      await expect(page.getByTestId('login-email')).toBeVisible();
      // Nothing of the installer stays readable on the device.
      expect(await storedText(page, 'installer-portal', 'wizard-drafts')).not.toContain('renamed without signal');
      expect(await storedText(page, 'installer-portal-cache', 'queries')).not.toContain('Bus 21');
      // A reload offline does not resume the session.
      await page.reload();
      await expect(page).toHaveURL(/#\/login/);
      await expect(page.getByTestId('login-email')).toBeVisible();

      // Online, the server session ends first: its cookie no longer gives a token.
      await context.setOffline(false);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('portal-pending-sign-out'))).toBeNull();
      expect((await context.request.get('/api/auth/token')).status()).toBe(401);

      await signInOnLoginPage(page, uniqueEmail('fieldnext'));
      await expect(page.getByTestId('connection-badge')).toHaveCount(0);
      const saved = await api.request.get(`/api/installations/${id}`, { headers: api.headers });
      expect(((await saved.json()) as { name: string }).name).toBe('Bus 21, shared phone');
    } finally {
      await context.close();
      await deleteInstallation(api, id);
    }
  });
});

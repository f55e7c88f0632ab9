import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, BrowserType, Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { E2E_BASE_URL } from './config.mjs';
import { admin, expect, readSignInMail, storedText, test, uniqueEmail } from './fixtures';
import { createDraftUpToSetup, deleteInstallation, type Api } from './installation-api';

// A real installer's phone: a persistent profile, signed in through the login page with the emailed
// code, the service worker in control, then the network cut. Uses only SN-DEMO-0004.
const SERIAL = 'SN-DEMO-0004';

async function openProfile(playwright: { chromium: BrowserType }, profile: string): Promise<BrowserContext> {
  return playwright.chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL: E2E_BASE_URL,
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
  });
}

/** The login page, the emailed code from the outbox, the fleet home. */
async function signInOnLoginPage(page: Page, email: string) {
  await page.goto('/#/login');
  const started = Date.now();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-request').click();
  const { code } = await readSignInMail(email, started - 1000);
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/sono$/);
  await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
}

async function untilControlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

function apiOf(request: APIRequestContext, email: string): Api {
  const token = admin('token', email).split('\n').at(-1)!.trim();
  return { request, headers: { authorization: `Bearer ${token}` } };
}

/** No error modal, no load error: the screen as the device holds it. */
async function expectNoError(page: Page) {
  await expect(page.getByText('Service unavailable')).toHaveCount(0);
  await expect(page.getByText('Error loading data')).toHaveCount(0);
  await expect(page.getByText('UNKNOWN_ERROR')).toHaveCount(0);
}

test.describe('field: offline on a real profile', () => {
  let profile: string;
  test.beforeEach(() => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-field-'));
  });
  test.afterEach(() => fs.rmSync(profile, { recursive: true, force: true }));

  test('reload, new tab and browser restart while offline keep the fleet home and the wizard tabs', async ({ playwright, request }) => {
    test.setTimeout(120_000);
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
      const tabs = ['general', 'customer', 'vehicle', 'system', 'setup'];
      for (const tab of tabs) {
        await page.goto(`/#/sono/installations/${id}?tab=${tab}`);
        await expect(page.getByTestId('step-save')).toBeVisible();
      }
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('Trailer 12 in the dead spot');
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('"installation"');

      await context.setOffline(true);
      for (const tab of tabs) {
        await page.goto(`/#/sono/installations/${id}?tab=${tab}`);
        await page.reload();
        await expect(page.getByTestId('step-save')).toBeVisible();
        await expectNoError(page);
      }
      await page.goto('/#/sono');
      await page.reload();
      await expect(page.getByText('Trailer 12 in the dead spot').first()).toBeVisible();
      // A failed read would show its error after its retries (about 3 s); the copy must still be whole.
      await page.waitForTimeout(4000);
      await expectNoError(page);
      expect(await storedText(page, 'installer-portal-cache', 'queries')).toContain('Trailer 12 in the dead spot');
      const other = await context.newPage();
      await other.goto('/#/sono');
      await expect(other.getByText('Trailer 12 in the dead spot').first()).toBeVisible();
      await other.close();

      await context.close();
      context = await openProfile(playwright, profile);
      await context.setOffline(true);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/#/sono');
      await expect(page.getByText('Trailer 12 in the dead spot').first()).toBeVisible();
      await expectNoError(page);
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
});

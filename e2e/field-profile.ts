import type { BrowserContext, BrowserType, Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { E2E_BASE_URL } from './config.mjs';
import { expect, readSignInMail } from './fixtures';

/** A real installer's phone: a persistent profile with the service worker allowed, 390 px wide. */
export async function openProfile(playwright: { chromium: BrowserType }, profile: string): Promise<BrowserContext> {
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
export async function signInOnLoginPage(page: Page, email: string): Promise<void> {
  await page.goto('/#/login');
  const started = Date.now();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-request').click();
  const { code } = await readSignInMail(email, started - 1000);
  await page.getByTestId('login-code').fill(code);
  // The sixth digit signs in by itself.
  await expect(page).toHaveURL(/#\/sono$/);
  await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
}

/** Until the service worker controls the page. */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

import type { BrowserContext, BrowserType, Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { E2E_BASE_URL } from './config.mjs';
import { expect } from './fixtures';

export { signInOnLoginPage } from './fixtures';

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

/** Until the service worker controls the page. */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

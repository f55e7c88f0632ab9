import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createDraftUpToSetup, deleteInstallation, signInWithToken } from './installation-api';

/** A serial of the demo fleet that this file frees and uses. */
// SN-DEMO-0002 is completed by complete-installation.spec.ts before this file runs.
const SERIAL = 'SN-DEMO-0003';

async function openIn(page: Page, url: string, locale: 'en' | 'de', width: number) {
  await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
  await page.addInitScript((value) => window.localStorage.setItem('sonoLocale', value), locale);
  await page.goto(url);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Resolves once the page has not scrolled for two frames in a row. */
async function untilScrollRests(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        const look = () =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              if (window.scrollY === last) resolve();
              else {
                last = window.scrollY;
                look();
              }
            }),
          );
        look();
      }),
  );
}

test('on a phone the installation heading takes one line, the step title stays in view and is never cut off by its help button', async ({ page }) => {
  const api = await signInWithToken(page, 'phone-layout');
  const draft = await createDraftUpToSetup(api, SERIAL, 'Bus 12, depot north, roof kit with two controllers');
  try {
    for (const locale of ['en', 'de'] as const) {
      await openIn(page, `/#/sono/installations/${draft.id}?tab=uploads`, locale, 390);
      const title = page.getByTestId('step-title');
      await expect(title).toBeVisible();
      // One line: the name (cut with an ellipsis) and the serial beside it.
      const heading = page.getByTestId('wizard-heading');
      expect((await heading.boundingBox())!.height).toBeLessThanOrEqual(44);
      await expect(heading).toContainText(SERIAL);

      // Summary is the longest step title; its help button stands beside it, not over it.
      for (const tab of ['summary', 'uploads'] as const) {
        await page.goto(`/#/sono/installations/${draft.id}?tab=${tab}`);
        await expect(page.getByTestId('installation-wizard')).toHaveAttribute('data-tab', tab);
        const help = page.getByTestId('help-button');
        await expect(help).toBeVisible();
        const clipped = await title.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        expect(clipped, `${tab} title fits in ${locale}`).toBe(false);
        expect((await title.boundingBox())!.x + (await title.boundingBox())!.width).toBeLessThanOrEqual((await help.boundingBox())!.x + 1);
      }

      // The form scrolls under the step title, which stays below the app header.
      await page.mouse.wheel(0, 1500);
      // The wheel scrolls smoothly and returns before the page moves: measure once it has moved and come to rest.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await untilScrollRests(page);
      const box = (await title.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y).toBeLessThan(160);
    }
  } finally {
    await deleteInstallation(api, draft.id);
  }
});

test('at 1280 px the installations table fits its area, and Created by stays out from under the actions', async ({ page }) => {
  const api = await signInWithToken(page, 'wide-layout');
  const draft = await createDraftUpToSetup(api, SERIAL, 'Bus 12, depot north, roof kit with two controllers');
  try {
    for (const locale of ['en', 'de'] as const) {
      await openIn(page, '/#/sono/installations', locale, 1280);
      const row = page.getByTestId('installation-row').first();
      await expect(row).toBeVisible();
      const table = row.locator('xpath=ancestor::table');
      const overflow = await table.evaluate((el) => {
        const scroller = el.parentElement!.parentElement!;
        return scroller.scrollWidth - scroller.clientWidth;
      });
      expect(overflow, `table overflow in ${locale}`).toBeLessThanOrEqual(1);
      const creator = (await row.getByTestId('installation-creator').boundingBox())!;
      const actions = (await row.locator('td').last().boundingBox())!;
      expect(creator.x + creator.width).toBeLessThanOrEqual(actions.x + 1);
    }
  } finally {
    await deleteInstallation(api, draft.id);
  }
});

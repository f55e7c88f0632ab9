import type { Page } from '@playwright/test';
import { expect, stillScreenshot, test } from './fixtures';
import { createDraft, deleteInstallation, signInWithToken, type Api } from './installation-api';

// A phone on site, in German: what the installer sees must be where they look, and whole.
// A draft of its own: SN-DEMO-0002 is completed by complete-installation.spec.ts before this file runs.
const SERIAL = 'SN-DEMO-0003';
const SHOTS = process.env.SCREENSHOT_DIR;

test.use({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });

async function shot(page: Page, name: string) {
  if (SHOTS) await stillScreenshot(page, { path: `${SHOTS}/${name}.png` });
}

/** The distinct lines a piece of text of an element is laid out on. */
async function linesOf(page: Page, testId: string, text: string): Promise<number> {
  return page.getByTestId(testId).evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    return -1;
  }, text);
}

test.describe('on site, on a phone, in German', () => {
  let api: Api;
  let id: number | null = null;

  test.beforeEach(async ({ page }) => {
    api = await signInWithToken(page, 'onsite');
    id = (await createDraft(api, SERIAL, 'Linienbus 12 am Betriebshof Nord')).id;
  });

  test.afterEach(async () => {
    if (id !== null) await deleteInstallation(api, id);
    id = null;
  });

  test('the serial in the header stays whole, and the selected Sunday sits inside the calendar', async ({ page }) => {
    await page.goto(`/#/sono/installations/${id}?tab=general`);
    await expect(page.getByTestId('wizard-serial')).toContainText(SERIAL);
    expect(await linesOf(page, 'wizard-serial', SERIAL)).toBe(1);
    await shot(page, 'general-390-de');

    // 22 November 2026 is a Sunday: the last column of a German week.
    await page.getByTestId('general-start-date').click();
    const sunday = page.getByRole('button', { name: '22 November 2026' });
    await sunday.click();
    await expect(page.getByTestId('general-start-date')).toHaveText('22/11/2026');
    await page.getByTestId('general-start-date').click();
    const selected = page.getByRole('button', { name: '22 November 2026' });
    await expect(selected).toHaveAttribute('data-selected', 'true');
    await shot(page, 'calendar-390-de');
    const day = (await selected.boundingBox())!;
    const calendar = (await page.locator('.mantine-Modal-content, .mantine-Popover-dropdown').first().boundingBox())!;
    // The selected circle keeps a margin to the edge of the calendar.
    expect(calendar.x + calendar.width - (day.x + day.width)).toBeGreaterThanOrEqual(8);
    expect(day.x - calendar.x).toBeGreaterThanOrEqual(8);
  });

  test('a save without network is told where the installer looks and counted in the header until it is sent', async ({ page, context }) => {
    await page.goto(`/#/sono/installations/${id}?tab=general`);
    await expect(page.getByTestId('general-name')).toHaveValue('Linienbus 12 am Betriebshof Nord');
    // The parts that work offline (toasts, the connection badge) load right after the tab shows; without the
    // service worker these tests block, only what has arrived before the network goes is there.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByTestId('general-name').fill('Linienbus 12, Stellplatz 4');
    await page.getByTestId('step-save').scrollIntoViewIfNeeded();
    await page.getByTestId('step-save').click();

    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Keine Verbindung' })).toBeInViewport();
    const badge = page.getByTestId('connection-badge');
    await expect(badge).toHaveText('Offline · 1 Änderung wartet');
    await expect(badge).toBeInViewport({ ratio: 1 });
    // The toast does not cover it, once it has slid in.
    const toastRoot = page.locator('.mantine-Notification-root').first();
    await expect
      .poll(async () => {
        const [toast, badgeBox] = [await toastRoot.boundingBox(), await badge.boundingBox()];
        return toast && badgeBox ? toast.y - (badgeBox.y + badgeBox.height) : -1;
      })
      .toBeGreaterThanOrEqual(0);
    await shot(page, 'offline-390-de');
    const header = (await page.locator('header').first().boundingBox())!;
    const box = (await badge.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await context.setOffline(false);
    await expect(badge).toHaveCount(0);
    await expect.poll(async () => (await (await api.request.get(`/api/installations/${id}`, { headers: api.headers })).json()).name).toBe('Linienbus 12, Stellplatz 4');
  });
});

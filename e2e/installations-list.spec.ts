import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, expectAccessible, signInViaApi, storedText, test, uniqueEmail } from './fixtures';

type Created = { id: number; name: string };

/** Serial numbers of the demo fleet reserved for this file; other specs use the others. */
const SERIALS = { home: 'SN-DEMO-0003', search: 'SN-DEMO-0004', remove: 'SN-DEMO-0003' } as const;

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signInWithToken(page: Page): Promise<string> {
  const email = uniqueEmail('list');
  await signInViaApi(page, email);
  return admin('token', email).split('\n').at(-1)!.trim();
}

/** Creates a draft through the API; if a crashed earlier run left one on the serial, that one is used instead. */
async function createInstallation(request: APIRequestContext, token: string, serial: string, name: string): Promise<Created> {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post('/api/installations', { data: { systemSerialNumber: serial, startDate: '2026-11-20', name }, headers });
  if (res.status() === 201) {
    const body = (await res.json()) as { id: number; name: string };
    return { id: body.id, name: body.name };
  }
  expect(res.status(), await res.text()).toBe(409);
  expect(((await res.json()) as { code: string }).code).toBe('SYSTEM_ALREADY_INSTALLED');
  const list = await request.get(`/api/installations?fleet=sono&q=${encodeURIComponent(serial)}`, { headers });
  const { items } = (await list.json()) as { items: { id: number; name: string; systemSerialNumber: string }[] };
  const existing = items.find((item) => item.systemSerialNumber === serial);
  expect(existing, `an installation on ${serial}`).toBeTruthy();
  return { id: existing!.id, name: existing!.name };
}

async function deleteInstallation(request: APIRequestContext, token: string, id: number): Promise<void> {
  const res = await request.delete(`/api/installations/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect([204, 404]).toContain(res.status());
}

/** Signs a new user in, gives the test a draft of its own on `serial` and deletes it afterwards, whatever happens. */
async function withInstallation(page: Page, serial: string, namePrefix: string, run: (created: Created, token: string) => Promise<void>): Promise<void> {
  const token = await signInWithToken(page);
  const created = await createInstallation(page.request, token, serial, uniqueName(namePrefix));
  try {
    await run(created, token);
  } finally {
    await deleteInstallation(page.request, token, created.id);
  }
}

test.describe('installations list', () => {
  test('home lists a new installation as In Progress and leads to the form', async ({ page }) => {
    await withInstallation(page, SERIALS.home, 'Home list', async (created) => {
      await page.goto('/#/sono');
      const row = page.getByTestId('installation-row').filter({ hasText: created.name });
      await expect(row).toBeVisible();
      await expect(row).toContainText(SERIALS.home);
      await expect(row).toContainText('11/20/2026');
      await expect(row).toContainText('In Progress');
      await expect(row.getByRole('button', { name: `Delete ${created.name}` })).toBeVisible();
      await expectAccessible(page, 'fleet home with an installation');

      await row.getByRole('link', { name: `Continue ${created.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`#/sono/installations/${created.id}$`));

      await page.goto('/#/sono');
      await page.getByRole('link', { name: 'Show all' }).click();
      await expect(page).toHaveURL(/#\/sono\/installations$/);
      await expect(page.getByTestId('installation-row').filter({ hasText: created.name })).toBeVisible();
      await expectAccessible(page, 'installations');

      await page.goto('/#/sono');
      await page.getByRole('button', { name: 'Add new installation' }).click();
      await expect(page).toHaveURL(/#\/sono\/installations\/new$/);
    });
  });

  test('search by serial number finds the installation and survives a reload', async ({ page }) => {
    await withInstallation(page, SERIALS.search, 'Search list', async (created) => {
      await page.goto('/#/sono/installations');
      await expect(page.getByTestId('installation-row').first()).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill(SERIALS.search);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${SERIALS.search}`));
      const rows = page.getByTestId('installation-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(created.name);
      await expect(page.getByTestId('installations-range')).toHaveText('1–1 of 1');

      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(SERIALS.search);
      await expect(page.getByTestId('installation-row')).toHaveCount(1);
      await expect(page.getByTestId('installation-row').first()).toContainText(created.name);
      await expectAccessible(page, 'installations found by a search');

      await page.getByRole('searchbox', { name: 'Search' }).fill('SN-NOWHERE-0000');
      await expect(page.getByTestId('installations-empty')).toHaveText('No installations match “SN-NOWHERE-0000”.');
      await expectAccessible(page, 'installations: a search without results');
    });
  });

  test('delete asks for confirmation and removes the installation', async ({ page }) => {
    await withInstallation(page, SERIALS.remove, 'Delete list', async (created, token) => {
      // The first visit resumes the session by way of #/login, which keeps the path only; then open the filtered list.
      await page.goto('/#/sono');
      await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
      await page.goto(`/#/sono/installations?q=${encodeURIComponent(created.name)}`);
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(created.name);
      const row = page.getByTestId('installation-row').filter({ hasText: created.name });
      await expect(row).toBeVisible();

      await row.getByRole('button', { name: `Delete ${created.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete installation' });
      await expect(dialog).toContainText(created.name);
      await expectAccessible(page, 'delete installation dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toBeVisible();

      await row.getByRole('button', { name: `Delete ${created.name}` }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(0);
      await expect(page.getByTestId('installations-empty')).toHaveText(`No installations match “${created.name}”.`);

      const gone = await page.request.get(`/api/installations/${created.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(gone.status()).toBe(404);
    });
  });

  test('the start date filter opens a full-size calendar on a list opened directly, and filters by the day picked', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page);
    // Straight to the list, so nothing else (the wizard's own calendar) has loaded the calendar's styles before.
    await page.goto('/#/sono/installations');
    await page.reload();
    await page.getByRole('button', { name: 'Start date from' }).click();
    // The calendar opens on the device's current month: the 15th of it, as the browser's clock has it.
    const { month, year, monthNumber } = await page.evaluate(() => {
      const now = new Date();
      return { month: now.toLocaleString('en-US', { month: 'long' }), year: now.getFullYear(), monthNumber: now.getMonth() + 1 };
    });
    const day = page.getByRole('button', { name: new RegExp(`^15 ${month} ${year}$`) });
    await expect(day).toBeVisible();
    // Styled, a day is a target a gloved finger can hit; without its styles it shrinks to its text.
    const box = (await day.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(36);
    expect(box.width).toBeGreaterThanOrEqual(36);
    await expectAccessible(page, 'the list’s start date calendar');
    await day.click();
    await expect(page.getByRole('button', { name: 'Start date from' })).toHaveText(`${String(monthNumber).padStart(2, '0')}/15/${year}`);
  });

  test('on a phone the list shows cards that lead to the form', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await withInstallation(page, SERIALS.home, 'Card list', async (created) => {
      await page.goto('/#/sono');
      await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
      await page.goto(`/#/sono/installations?q=${encodeURIComponent(created.name)}`);
      const card = page.getByRole('listitem').filter({ hasText: created.name });
      await expect(card).toBeVisible();
      await expect(card).toContainText(SERIALS.home);
      await expect(card).toContainText('In Progress');
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectAccessible(page, 'installations as cards at 390 px');

      await page.getByRole('searchbox', { name: 'Search' }).fill('SN-NOWHERE-0000');
      await expect(page.getByTestId('installations-empty')).toHaveText('No installations match “SN-NOWHERE-0000”.');
      await expectAccessible(page, 'installations as cards: a search without results');

      await page.goto('/#/sono');
      await expect(page.getByTestId('installation-row').filter({ hasText: created.name })).toBeVisible();
      await expectAccessible(page, 'fleet home at 390 px');

      await page.getByTestId('installation-row').filter({ hasText: created.name }).getByRole('link', { name: created.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#/sono/installations/${created.id}$`));
      await expect(page.getByTestId('step-title')).toBeVisible();
      await expectAccessible(page, 'wizard at 390 px');
    });
  });

  test('on a phone the serial of an existing installation links to it, and the next new installation opens empty', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await withInstallation(page, SERIALS.home, 'Taken bus', async (created) => {
      await page.goto('/#/sono/installations/new');
      await page.getByTestId('pre-start').click();
      await page.getByTestId('general-serial').fill(SERIALS.home.toLowerCase());
      await page.getByTestId('general-name').fill('Second bus');
      await page.getByTestId('step-next').click();
      const existing = page.getByTestId('existing-installation');
      await expect(existing).toContainText(`${SERIALS.home} already has an installation in this fleet: “${created.name}”, in progress.`);
      await expectAccessible(page, 'wizard: serial number with an installation');
      await expect.poll(() => storedText(page, 'installer-portal', 'wizard-drafts')).toContain('Second bus');

      // Opened again, the form is empty and offers the unsaved one instead of merging it in.
      await page.reload();
      await expect(page.getByTestId('draft-offer')).toContainText(`Continue the unsaved installation of ${SERIALS.home.toLowerCase()} from`);
      await expect(page.getByTestId('general-serial')).toHaveValue('');
      await expect(page.getByTestId('general-name')).toHaveValue('');
      await page.getByTestId('draft-offer-continue').click();
      await expect(page.getByTestId('general-name')).toHaveValue('Second bus');

      await page.getByTestId('step-next').click();
      await existing.getByRole('link', { name: `Open “${created.name}” and continue` }).click();
      const leave = page.getByTestId('close-dialog');
      await expect(leave.or(page.getByRole('heading', { name: created.name }))).toBeVisible();
      if (await leave.isVisible()) await leave.getByRole('button', { name: "Don't save" }).click();
      await expect(page).toHaveURL(new RegExp(`#/sono/installations/${created.id}$`));
    });
  });
});

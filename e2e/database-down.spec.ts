import { expect, expectAccessible, signInViaApi, test, uniqueEmail } from './fixtures';

test('while the database is down the error modal explains it, and the page recovers without a reload', async ({ page }) => {
  await signInViaApi(page, uniqueEmail('db-down'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The server answers as it does while PostgreSQL is unreachable (see the API test of /api/health/ready).
  const down = { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable' };
  await page.route('**/api/installations?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(down) }));
  await page.getByRole('link', { name: 'Installations' }).first().click();

  const modal = page.getByTestId('error-modal');
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await expect(modal).toContainText('503');
  await expect(modal).toContainText('SERVICE_UNAVAILABLE');
  await expectAccessible(page, 'error modal while the database is down');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByText('Error loading data')).toBeVisible();
  // The pointer still rests on the menu entry it clicked: the hovered current entry is checked too.
  await expectAccessible(page, 'installations that could not be loaded');

  // The database is back: Try again loads the list in the same page.
  await page.unroute('**/api/installations?*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Error loading data')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

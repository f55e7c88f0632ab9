import { admin, expect, signInViaApi, test, uniqueEmail } from './fixtures';
import { createDraft, deleteInstallation, importSystem, type Api } from './installation-api';

// Its own system, so the installation it records does not meet other specs' serial numbers.
const unique = Date.now().toString().slice(-8);
const SERIAL = `SN-WELCOME-${unique}`;

test('the welcome page shows Start without scrolling on a phone, and folds its checklist after the installer’s first installation', async ({ page, request }) => {
  const importer = uniqueEmail('welcome-admin');
  admin('grant', importer, '--fleet', 'sono', '--role', 'admin');
  await importSystem(request, admin('token', importer).split('\n').at(-1)!.trim(), SERIAL, unique);
  const email = uniqueEmail('welcome');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, email);
  await page.goto('/#/sono/installations/new');
  await expect(page.getByTestId('what-to-expect')).toBeVisible();
  await expect(page.getByTestId('pre-start')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('pre-toggle')).toHaveCount(0);

  const api: Api = { request, headers: { authorization: `Bearer ${admin('token', email).split('\n').at(-1)!.trim()}` } };
  const { id } = await createDraft(api, SERIAL, 'Bus 1 of the depot');
  try {
    await page.reload();
    await expect(page.getByTestId('pre-summary')).toBeVisible();
    await expect(page.getByTestId('what-to-expect')).toHaveCount(0);
    await expect(page.getByTestId('pre-start')).toBeInViewport({ ratio: 1 });
    await page.getByRole('button', { name: 'Show the checklist' }).click();
    await expect(page.getByTestId('what-to-expect')).toBeVisible();
    await expect(page.getByTestId('pre-start')).toBeInViewport({ ratio: 1 });
    await page.getByTestId('pre-start').click();
    await expect(page.getByTestId('step-title')).toHaveText('General');
    await expect(page.getByTestId('general-serial-scan')).toBeInViewport();
  } finally {
    await deleteInstallation(api, id);
  }
});

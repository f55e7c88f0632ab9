import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { admin, expect, expectAccessible, signInOnLoginPage, test, uniqueEmail } from './fixtures';
import { type Api, createDraftUpToSetup, deleteInstallation, uploadRequiredPhotos } from './installation-api';

// Systems of its own, imported by a fleet admin, so this spec shares no serial or IMEI with the others and
// may end completed. The e2e server's simulated devices report about 4 s after a check run starts; a charge
// controller imported as CC-SILENT-… never does, and its check fails when the 10 s window ends.
const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-NAV-${unique}`;
const FAILING_SERIAL = `SN-NAV-FAIL-${unique}`;
const REASON = 'Controller B gets a new fuse on Monday, the bus stays in the depot';

async function importSystems(request: APIRequestContext): Promise<void> {
  const adminEmail = uniqueEmail('nav-admin');
  admin('grant', adminEmail, '--fleet', 'sono', '--role', 'admin');
  const token = admin('token', adminEmail).split('\n').at(-1)!.trim();
  const csv = [
    'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid',
    `${SERIAL},8,SBS-M 2.1,960,CC-NAV-${unique}-A,HV,HW 3.2,1.8.3,TCU-4G v3,358${unique.padStart(12, '0')},`,
    `${FAILING_SERIAL},8,SBS-M 2.1,960,CC-NAV-${unique}-A2,HV,HW 3.2,1.8.3,TCU-4G v3,359${unique.padStart(12, '0')},`,
    `${FAILING_SERIAL},8,SBS-M 2.1,960,CC-SILENT-${unique}-B,LV,HW 3.2,1.8.3,,,`,
  ].join('\n');
  const res = await request.post('/api/admin/sono/systems/import', { data: csv, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in as an installer would (the login page and the emailed code), with the API at hand for the set-up. */
async function signInAsInstaller(page: Page, email: string): Promise<Api> {
  await signInOnLoginPage(page, email);
  const token = admin('token', email).split('\n').at(-1)!.trim();
  return { request: page.request, headers: { authorization: `Bearer ${token}` } };
}

/** Setup saved, both photos uploaded: every tab up to the summary opens. */
async function draftWithUploads(page: Page, api: Api, serial: string, name: string) {
  const draft = await createDraftUpToSetup(api, serial, name);
  await uploadRequiredPhotos(page, api, draft.id);
  return draft;
}

async function expectTapTarget(target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  expect(box.height, 'tap target height').toBeGreaterThanOrEqual(44);
  expect(box.width, 'tap target width').toBeGreaterThanOrEqual(44);
}

const title = (page: Page) => page.getByTestId('step-title');

test.describe('depot day: move freely, finish fast', () => {
  test.beforeAll(async ({ request }) => importSystems(request));

  let api: Api | null = null;
  let draftId: number | null = null;
  test.afterEach(async () => {
    if (api && draftId !== null) await deleteInstallation(api, draftId);
    draftId = null;
  });

  test('on a phone: from the summary to the vehicle tab and back in one tap; the stepper opens any saved tab', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    api = await signInAsInstaller(page, uniqueEmail('nav-phone'));
    draftId = (await draftWithUploads(page, api, SERIAL, 'Bus 4713 Betriebshof')).id;

    await page.goto(`/#/sono/installations/${draftId}?tab=summary`);
    await expect(page.getByTestId('summary')).toBeVisible();
    const editVehicle = page.getByRole('button', { name: 'Edit Vehicle' });
    await expectTapTarget(editVehicle);
    await expect(page.getByTestId('summary-installer').getByRole('button')).toHaveCount(0);
    await expectAccessible(page, 'summary with edit links (phone)');

    // The vehicle is wrong: one tap to its tab, fix it, one tap back.
    await editVehicle.click();
    await expect(title(page)).toHaveText('Vehicle');
    await expect(page).toHaveURL(/tab=vehicle&back=summary/);
    await page.getByTestId('vehicle-model').fill('7900 Electric Articulated');
    const back = page.getByRole('button', { name: 'Back to summary' });
    await expectTapTarget(back);
    await expect(page.getByTestId('step-next')).toHaveText('Next');
    await back.click();
    await expect(title(page)).toHaveText('Summary');
    await expect(page).not.toHaveURL(/back=summary/);
    await expect(page.getByTestId('summary-vehicle')).toContainText('7900 Electric Articulated');
    const saved = await (await api.request.get(`/api/installations/${draftId}`, { headers: api.headers })).json();
    expect(saved.vehicle.model).toBe('7900 Electric Articulated');

    // The phone's stepper: the dots open the list of steps; any saved step opens on tap.
    const toggle = page.getByTestId('stepper-toggle');
    await expectTapTarget(toggle);
    await expect(toggle).toContainText('Step 8 of 8');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const setup = page.getByRole('button', { name: 'Go to Setup (step 5)' });
    await expectTapTarget(setup);
    await expect(page.getByRole('button', { name: 'Go to Summary (step 8)' })).toBeDisabled();
    await expectAccessible(page, 'stepper list (phone)');
    await setup.click();
    await expect(title(page)).toHaveText('Setup');
    // Going back keeps the way forward: Next goes on to the uploads, or one tap back to the summary.
    await page.getByTestId('step-next').click();
    // The imported system has more PV modules than the API's setup assigned: the setup tab asks once.
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await expect(title(page)).toHaveText('Uploads');
    await page.getByRole('button', { name: 'Back to summary' }).click();
    await expect(title(page)).toHaveText('Summary');
  });

  test('on a desktop: the stepper names each step, opens it by keyboard, and the way back stays while Next moves on', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    api = await signInAsInstaller(page, uniqueEmail('nav-desk'));
    draftId = (await draftWithUploads(page, api, SERIAL, 'Bus 4714 Betriebshof')).id;
    await page.goto(`/#/sono/installations/${draftId}?tab=summary`);
    await expect(page.getByTestId('summary')).toBeVisible();

    const stepper = page.getByRole('navigation', { name: 'Installation steps' });
    await expect(stepper.getByRole('listitem')).toHaveText(['General', 'Customer', 'Vehicle', 'System', 'Setup', 'Uploads', 'Digital check', 'Summary']);
    for (const button of await stepper.getByRole('button').all()) await expectTapTarget(button);
    await stepper.getByRole('button', { name: 'Go to Customer (step 2)' }).focus();
    await page.keyboard.press('Enter');
    await expect(title(page)).toHaveText('Customer');
    await expect(title(page)).toBeFocused();
    await page.getByTestId('step-next').click();
    await expect(title(page)).toHaveText('Vehicle');
    await expect(page).toHaveURL(/tab=vehicle&back=summary/);
    await page.getByRole('button', { name: 'Back to summary' }).click();
    await expect(title(page)).toHaveText('Summary');
    await expectAccessible(page, 'stepper and summary (desktop)');
  });

  test('proceeding with a failed check asks for a reason, which the summary, the history and the report show', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    api = await signInAsInstaller(page, uniqueEmail('nav-reason'));
    const draft = await draftWithUploads(page, api, FAILING_SERIAL, 'Bus 4715 Betriebshof');

    await page.goto(`/#/sono/installations/${draft.id}?tab=digitalCheck`);
    const silent = page.getByTestId('check-row').filter({ hasText: `CC-SILENT-${unique}-B` });
    await expect(silent.getByTestId('check-result')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(page.getByTestId('check-result')).toHaveCount(5);
    for (const status of await page.getByTestId('check-result').all()) await expect(status).not.toHaveAttribute('data-status', 'pending');
    // A failed check is acknowledged row by row: no 'I have seen all results'.
    await expect(page.getByTestId('checks-seen-all')).toHaveCount(0);
    for (const box of await page.getByTestId('check-row').getByRole('checkbox').all()) await box.click();

    await page.getByTestId('step-next').click();
    const modal = page.getByTestId('proceed-modal');
    await modal.getByRole('button', { name: 'Proceed' }).click();
    await expect(modal).toContainText('The reason is required');
    await modal.getByRole('textbox', { name: /Why do you proceed\?/ }).fill(REASON);
    await expectAccessible(page, 'proceed with failed checks: reason');
    await modal.getByRole('button', { name: 'Proceed' }).click();

    await expect(title(page)).toHaveText('Summary');
    await expect(page.getByTestId('summary-failed-checks-reason')).toHaveText(`Reason for proceeding with failed checks: ${REASON}`);
    await page.getByTestId('summary-confirm').check();
    await page.getByTestId('summary-submit').click();
    await expect(page.getByTestId('completion-failed-checks')).toBeVisible();

    const history = (await (await api.request.get(`/api/installations/${draft.id}/history`, { headers: api.headers })).json()) as { action: string; field: string; newValue: string }[];
    expect(history).toContainEqual(expect.objectContaining({ action: 'submitted', field: 'failedChecksReason', newValue: REASON }));

    const pdf = await api.request.get(`/api/installations/${draft.id}/report.pdf?lang=en`, { headers: api.headers });
    expect(pdf.status()).toBe(200);
    const file = test.info().outputPath('report.pdf');
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('This installation is processed with failed digital checks.');
    expect(text).toContain(`Reason for proceeding with failed checks: ${REASON}`);
  });
});

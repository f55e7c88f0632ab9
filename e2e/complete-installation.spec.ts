import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { deleteDraftOn, getInstallation, jpegDataUrl, signInWithToken } from './installation-api';
import { customerStep, passedChecksStep, setupStep, systemStep, vehicleStep } from './wizard-steps';

// Other specs share the server: this file uses only SN-DEMO-0002 (one LV charge controller, whose
// simulated devices report about 4 s after a check run starts). It ends completed: a completed
// installation cannot be deleted, and every playwright run starts on a fresh database.
const SERIAL = 'SN-DEMO-0002';

async function jpegFile(page: Page, name: string, hue: number) {
  const dataUrl = await jpegDataUrl(page, hue);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** The uploads tab, through its file pickers (after the skeleton has made way for them). */
async function uploadPhotos(page: Page): Promise<void> {
  const picker = page.getByTestId('upload-input-pvModules');
  await expect(picker).toBeAttached({ timeout: 20_000 });
  await picker.setInputFiles(await jpegFile(page, 'pv-modules.jpg', 30));
  await page.getByTestId('upload-input-telematics-mcu').setInputFiles(await jpegFile(page, 'telematics-mcu.jpg', 200));
  await expect(page.getByTestId('upload-slot-pvModules').getByText('pv-modules.jpg')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('upload-slot-telematics-mcu').getByText('telematics-mcu.jpg')).toBeVisible({ timeout: 20_000 });
}

test('a new installer records SN-DEMO-0002 from the checklist to the completion and finds it completed at home', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await signInWithToken(page, 'complete');
  await deleteDraftOn(api, SERIAL);
  const name = `E2E complete ${Date.now().toString(36)}`;

  // Pre-installation and general
  await page.goto('/#/sono/installations/new');
  await expect(page.getByTestId('step-title')).toHaveText('Pre-installation');
  await page.getByTestId('pre-start').click();
  await page.getByTestId('general-serial').fill(SERIAL);
  await page.getByTestId('general-name').fill(name);
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(/#\/sono\/installations\/\d+\?tab=customer$/);
  const id = Number(/installations\/(\d+)/.exec(page.url())?.[1]);

  // Customer
  await customerStep(page);

  await vehicleStep(page, { type: 'Van', manufacturer: 'Mercedes-Benz', model: 'eSprinter', year: '2024', batteryCapacity: '113', vin: 'WMA06XZZ5LM123458', mileage: '1200' });
  await systemStep(page);
  // Setup: one low voltage controller
  await setupStep(page, { pvModules: '8', channels: '8', statusLed: 'Blinking' });

  // Uploads
  await expect(page.getByTestId('step-title')).toHaveText('Uploads');
  await uploadPhotos(page);
  await page.getByTestId('step-next').click();

  // Digital check: the telematics unit (its heartbeat, ignition and sense line) and the controller report through the stream.
  await expect(page.getByTestId('step-title')).toHaveText('Digital check');
  const rows = page.getByTestId('check-row');
  await expect(rows).toHaveCount(4);
  await passedChecksStep(page, 4);

  // Summary
  await expect(page.getByTestId('step-title')).toHaveText('Summary');
  await expect(page.getByTestId('summary-vin')).toHaveText('WMA06XZZ5LM123458');
  await expect(page.getByTestId('summary-mileage')).toHaveText('1,200 km');
  await expect(page.getByTestId('summary-uploads-pvModules')).toContainText('pv-modules.jpg');
  await expect(page.getByTestId('summary-uploads-telematics-mcu')).toContainText('telematics-mcu.jpg');
  await expect(page.getByTestId('summary-check-result')).toHaveText(['Passed', 'Passed', 'Passed', 'Passed']);
  await expect(page.getByTestId('missing-parts')).toHaveCount(0);
  await expectAccessible(page, 'summary, ready to submit');
  await page.getByTestId('summary-comments').fill('Installed at the depot, bay 2.');
  await page.getByTestId('summary-submit').click();
  await expect(page.getByText('Please confirm the information is correct')).toBeVisible();
  await expectAccessible(page, 'summary without the confirmation');
  await page.getByTestId('summary-confirm').check();
  await page.getByTestId('summary-submit').click();

  const modal = page.getByTestId('completion-modal');
  await expect(modal).toContainText(`Solar System Installation for Product Number ${SERIAL} completed.`);
  await expect(modal.getByTestId('completion-serial')).toHaveText(SERIAL);
  await expect(modal.getByTestId('completion-failed-checks')).toHaveCount(0);
  await expectAccessible(page, 'completion modal');
  const saved = await getInstallation(api, id);
  expect(saved).toMatchObject({ status: 'completed', proceededWithFailedChecks: false });

  // Read-only from now on, also behind the modal.
  await expect(page.getByTestId('completed-notice')).toBeVisible();
  await expect(page.getByTestId('summary-submit')).toHaveCount(0);
  await modal.getByRole('link', { name: 'Return to fleet home' }).click();
  await expect(page).toHaveURL(/#\/sono$/);
  const row = page.getByTestId('installation-row').filter({ hasText: name });
  await expect(row).toContainText(SERIAL);
  await expect(row).toContainText('Completed');
  await expectAccessible(page, 'fleet home with a completed installation');

  // The completed record opens read-only.
  await page.goto(`/#/sono/installations/${id}`);
  await expect(page.getByTestId('completed-notice')).toBeVisible();
  await expect(page.getByTestId('step-title')).toHaveText('Summary');
  await expectAccessible(page, 'completed installation, read-only');
  await page.goto(`/#/sono/installations/${id}?tab=vehicle`);
  await expect(page.getByTestId('step-title')).toHaveText('Vehicle');
  await expect(page.getByTestId('completed-notice')).toBeVisible();
  await expectAccessible(page, 'completed installation, read-only vehicle');
});

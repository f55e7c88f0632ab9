import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, signInViaApi, storedText, test, uniqueEmail } from './fixtures';
import { choose, expectChosen } from './wizard-steps';

// Other specs share the server: this file uses only SN-DEMO-0001 and SN-DEMO-0005 and deletes what it created.
const SERIAL_A = 'SN-DEMO-0001';
const SERIAL_B = 'SN-DEMO-0005';

type Vehicle = { vin: string; mileage: number; model: string; manufacturer: string; city: string | null };
type Installation = { id: number; name: string; version: number; vehicle: Vehicle | null; customerDataConfirmed: boolean };

async function bearer(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/api/auth/token');
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

async function fetchInstallation(page: Page, id: number): Promise<Installation> {
  const res = await page.request.get(`/api/installations/${id}`, { headers: await bearer(page) });
  expect(res.status()).toBe(200);
  return (await res.json()) as Installation;
}

async function deleteInstallation(page: Page, id: number | null): Promise<void> {
  if (id === null) return;
  const res = await page.request.delete(`/api/installations/${id}`, { headers: await bearer(page) });
  expect([204, 404]).toContain(res.status());
}

const idFromUrl = (page: Page) => Number(/installations\/(\d+)/.exec(page.url())?.[1]);

/** Pre-installation and general: creates the installation and lands on the customer tab. */
async function createViaWizard(page: Page, serial: string, name: string, { start = 'Start' } = {}): Promise<number> {
  await page.goto('/#/sono/installations/new');
  await page.getByRole('button', { name: start }).click();
  await page.getByTestId('general-serial').fill(serial);
  await page.getByTestId('general-name').fill(name);
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(/#\/sono\/installations\/\d+\?tab=customer$/);
  return idFromUrl(page);
}

async function fillVehicle(page: Page, { vin = 'WMA06XZZ5LM123458', mileage = '15000' } = {}): Promise<void> {
  await choose(page, 'vehicle-type', 'Bus');
  await page.getByTestId('vehicle-manufacturer').fill('MAN');
  await page.getByTestId('vehicle-model').fill("Lion's City 12 E");
  await page.getByTestId('vehicle-year').fill('2023');
  await choose(page, 'vehicle-transmission', 'Electric');
  await choose(page, 'vehicle-battery-type', 'High voltage');
  await page.getByTestId('vehicle-battery-capacity').fill('480');
  await page.getByTestId('vehicle-vin').fill(vin);
  await page.getByTestId('vehicle-license-plate').fill('M-SB 1234');
  await page.getByTestId('vehicle-mileage').fill(mileage);
}

/**
 * The vehicle tab of a new installation (customer confirmed online) filled, then saved without network: kept on the
 * device. The tab's checks load right after it shows; without the service worker these tests block, the network may
 * only go once they are there (a tab that lost it sooner says it cannot be saved yet: checks-not-loaded.test.tsx).
 */
async function vehicleSavedOffline(page: Page, context: BrowserContext, name: string, vehicle: { vin: string; mileage: string }, onCreated: (id: number) => void): Promise<number> {
  const id = await createViaWizard(page, SERIAL_B, name);
  // Deleted after the test even when a later step fails, so the serial number is free for the next one.
  onCreated(id);
  await page.getByTestId('customer-confirm').check();
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-title')).toHaveText('Vehicle');
  await fillVehicle(page, vehicle);
  await context.setOffline(true);
  await page.getByTestId('step-save').click();
  await expect(page.getByTestId('offline-notice')).toContainText('kept on this device');
  return id;
}

async function fillSetupRow(page: Page, row: number, pvModules: string, channels: string): Promise<void> {
  await page.getByTestId(`setup-pv-${row}`).fill(pvModules);
  await page.getByTestId(`setup-channels-${row}`).fill(channels);
  await choose(page, `setup-powerLed-${row}`, 'Constantly lit');
  await choose(page, `setup-statusLed-${row}`, 'On');
  await choose(page, `setup-faultLed-${row}`, 'Off');
}

test.describe('installation wizard', () => {
  let created: number | null = null;

  test.afterEach(async ({ page }) => {
    await deleteInstallation(page, created);
    created = null;
  });

  test('a new user records an installation from the checklist to the setup, and a reload keeps every saved value', async ({ page }) => {
    // Eight tabs with an accessibility scan each: a long walk for a shared two-core machine.
    test.slow();
    await signInViaApi(page, uniqueEmail('wizard'));
    await page.goto('/#/sono/installations/new');
    await expect(page.getByTestId('step-title')).toHaveText('Pre-installation');
    await expect(page.getByTestId('what-to-expect').getByRole('listitem')).toHaveCount(7);
    await expect(page.getByTestId('support-link')).toHaveAttribute('href', /^mailto:/);
    await expectAccessible(page, 'wizard: pre-installation');
    await page.getByTestId('pre-start').click();

    // General: the start date opens a calendar and reads MM/DD/YYYY in English.
    await expect(page.getByTestId('step-title')).toHaveText('General');
    await expectAccessible(page, 'wizard: general');
    await page.getByTestId('general-start-date').click();
    await expect(page.getByRole('button', { name: /^15 \S+ \d{4}$/ })).toBeVisible();
    await expectAccessible(page, 'wizard: general with the calendar open');
    await page.getByRole('button', { name: /^15 \S+ \d{4}$/ }).click();
    await expect(page.getByTestId('general-start-date')).toHaveText(/^\d{2}\/15\/\d{4}$/);
    await page.getByTestId('general-serial').fill(SERIAL_A);
    await page.getByTestId('general-name').fill('E2E bus 1');
    await page.getByTestId('general-comments').fill('Depot north, bay 3');
    await page.getByTestId('step-next').click();
    await expect(page).toHaveURL(/#\/sono\/installations\/\d+\?tab=customer$/);
    created = idFromUrl(page);

    // Customer: Next waits for the confirmation.
    await expect(page.getByTestId('customer-name')).toHaveValue('Sono Motors GmbH');
    await expect(page.getByTestId('step-next')).toBeDisabled();
    await expectAccessible(page, 'wizard: customer');
    await page.getByTestId('customer-confirm').check();
    await page.getByTestId('step-next').click();

    // Vehicle
    await expect(page.getByTestId('step-title')).toHaveText('Vehicle');
    await expectAccessible(page, 'wizard: vehicle');
    await page.getByTestId('step-next').click();
    await expect(page.getByText(/manufacturer is required/i)).toBeVisible();
    await expectAccessible(page, 'wizard: vehicle with the errors of an empty form');
    await fillVehicle(page);
    await page.getByTestId('vehicle-city').fill('Munich');
    await expect(page.getByRole('option', { name: /Munich/ }).first()).toBeVisible();
    await expectAccessible(page, 'wizard: vehicle with city suggestions');
    await page.getByRole('option', { name: /Munich/ }).first().click();
    await page.getByTestId('step-next').click();

    // System, then a reload in the middle of the work.
    await expect(page.getByTestId('step-title')).toHaveText('System');
    await expect(page).toHaveURL(/tab=system$/);
    await page.reload();
    await expect(page.getByTestId('step-title')).toHaveText('System');
    await expect(page.getByTestId('system-controller')).toHaveCount(2);
    await expect(page.getByTestId('system-imei')).toHaveText('356938035643801');
    await expectAccessible(page, 'wizard: system');
    await page.getByTestId('step-back').click();
    await expect(page.getByTestId('vehicle-vin')).toHaveValue('WMA06XZZ5LM123458');
    await expect(page.getByTestId('vehicle-mileage')).toHaveValue('15000');
    await expect(page.getByTestId('vehicle-city')).toHaveValue(/Munich/);
    await expectChosen(page, 'vehicle-type', 'Bus');
    await page.getByTestId('step-back').click();
    await expect(page.getByTestId('customer-confirm')).toBeChecked();
    await page.getByTestId('step-back').click();
    await expect(page.getByTestId('general-name')).toHaveValue('E2E bus 1');
    await expect(page.getByTestId('general-comments')).toHaveValue('Depot north, bay 3');
    await expect(page.getByTestId('general-serial')).toHaveAttribute('readonly', '');
    await page.getByTestId('dot-system').click();

    // System: Next waits for the acknowledgement of the serial numbers.
    await expect(page.getByTestId('step-next')).toBeDisabled();
    await page.getByTestId('system-confirm').check();
    await page.getByTestId('step-next').click();

    // Setup
    await expect(page.getByTestId('step-title')).toHaveText('Setup');
    await page.getByTestId('help-button').click();
    await expect(page.getByTestId('help-text')).toContainText('power LED must be constantly lit');
    await expectAccessible(page, 'wizard: setup help');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('step-next')).toBeDisabled();
    await expectAccessible(page, 'wizard: setup');
    await fillSetupRow(page, 0, '6', '5');
    await fillSetupRow(page, 1, '6', '9');
    await page.getByTestId('step-save').click();
    await expect(page.getByText('The active channels must be between 1 and 7.')).toBeVisible();
    await expectAccessible(page, 'wizard: setup with too many active channels');
    await page.getByTestId('setup-channels-1').fill('7');
    await page.getByTestId('step-save').click();
    await expect(page.getByText('The setup has been saved successfuly!')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('step-title')).toHaveText('Setup');
    await expect(page.getByTestId('setup-pv-0')).toHaveValue('6');
    await expect(page.getByTestId('setup-channels-1')).toHaveValue('7');
    await expectChosen(page, 'setup-faultLed-1', 'Off');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-title')).toHaveText('Uploads');
    // The required photos are missing, so Next waits; the summary is open once the setup is saved.
    await expect(page.getByTestId('step-next')).toBeDisabled();
    // The scan judges the tab at rest: the pointer left where setup's Next was would hover a button of this tab.
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'wizard: uploads, empty');
    await page.getByTestId('dot-summary').click();
    await expect(page.getByTestId('step-title')).toHaveText('Summary');
    await expect(page.getByText('WMA06XZZ5LM123458')).toBeVisible();
    await expect(page.getByTestId('missing-parts')).toBeVisible();
    await expectAccessible(page, 'wizard: summary with missing items');

    const saved = await fetchInstallation(page, created);
    expect(saved).toMatchObject({ name: 'E2E bus 1', customerDataConfirmed: true, vehicle: { vin: 'WMA06XZZ5LM123458', mileage: 15000 } });
  });

  test('without network a save fails visibly, the entries survive a reload and are saved once the network is back', async ({ page, context }) => {
    await signInViaApi(page, uniqueEmail('offline'));
    created = await vehicleSavedOffline(page, context, 'E2E offline bus', { vin: 'WMA06XZZ5LM123458', mileage: '2000' }, (id) => (created = id));
    await expectAccessible(page, 'wizard: vehicle saved while offline');
    await expect(page.getByTestId('vehicle-vin')).toHaveValue('WMA06XZZ5LM123458');

    await context.setOffline(false);
    await expect(page.getByText('The vehicle data has been saved successfuly!')).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
    await expect.poll(async () => (await fetchInstallation(page, created!)).vehicle?.vin).toBe('WMA06XZZ5LM123458');

    // Typed while offline and never saved: still there after a reload, and saved from there.
    await context.setOffline(true);
    await page.getByTestId('vehicle-model').fill('Lion’s City 18 E');
    await expect.poll(() => storedText(page, 'installer-portal', 'wizard-drafts')).toContain('Lion’s City 18 E');
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('draft-notice')).toBeVisible();
    await expectAccessible(page, 'wizard: vehicle with an unsaved draft restored');
    await expect(page.getByTestId('vehicle-model')).toHaveValue('Lion’s City 18 E');
    await page.getByTestId('step-save').click();
    await expect(page.getByText('The vehicle data has been saved successfuly!')).toBeVisible();
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);
    const saved = await fetchInstallation(page, created);
    expect(saved.vehicle).toMatchObject({ model: 'Lion’s City 18 E', vin: 'WMA06XZZ5LM123458', mileage: 2000 });
  });

  test('a save kept on the device without network is not unsaved: closing asks nothing, Don\'t save keeps it, and it goes once the network is back', async ({ page, context }) => {
    await signInViaApi(page, uniqueEmail('offline-close'));
    created = await vehicleSavedOffline(page, context, 'E2E bus saved offline, then closed', { vin: 'WMA06XZZ5LM123459', mileage: '3000' }, (id) => (created = id));

    // Nothing is unsaved: the entries wait on the device for the network, so the wizard closes at once.
    await page.getByTestId('wizard-close').click();
    await expect(page).toHaveURL(/#\/sono$/);
    await expect(page.getByTestId('close-dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();

    // Typed after that save and not saved: leaving asks, and Don't save forgets only that, never the save.
    // Reopened, the tab shows the saved entries as waiting for the network, not as unsaved ones restored.
    await page.goto(`/#/sono/installations/${created}?tab=vehicle`);
    await expect(page.getByTestId('vehicle-vin')).toHaveValue('WMA06XZZ5LM123459');
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);
    await page.getByTestId('vehicle-model').fill("Lion's City 18 E");
    await page.getByTestId('wizard-close').click();
    const dialog = page.getByTestId('close-dialog');
    await expect(dialog).toContainText('Unsaved changes');
    await dialog.getByRole('button', { name: "Don't save" }).click();
    await expect(page).toHaveURL(/#\/sono$/);
    // The installer is home before opening the installation again.
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
    await page.goto(`/#/sono/installations/${created}?tab=vehicle`);
    await expect(page.getByTestId('vehicle-model')).toHaveValue("Lion's City 12 E");
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);

    await context.setOffline(false);
    await expect
      .poll(async () => (await fetchInstallation(page, created!)).vehicle, { timeout: 30_000 })
      .toMatchObject({ vin: 'WMA06XZZ5LM123459', mileage: 3000, model: "Lion's City 12 E" });
  });

  test('a save that answers after the installer has left does not take them back to the wizard', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('left'));
    created = await createViaWizard(page, SERIAL_B, 'E2E left while saving');
    // The customer tab's save is held on its way, as on a slow depot network.
    let release = () => undefined as void;
    const held = new Promise<void>((done) => (release = done));
    await page.route(`**/api/installations/${created}**`, async (route) => {
      if (route.request().method() === 'GET') return route.continue();
      await held;
      await route.continue();
    });
    await page.getByTestId('customer-confirm').check();
    await page.getByTestId('step-next').click();

    // Meanwhile the installer goes home; then the save answers.
    await page.goto('/#/sono');
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
    const answer = page.waitForResponse((res) => res.url().includes(`/api/installations/${created}`) && res.request().method() !== 'GET');
    release();
    expect((await answer).ok()).toBe(true);
    await expect.poll(async () => (await fetchInstallation(page, created!)).customerDataConfirmed).toBe(true);
    // Nothing can be seen to happen: give the page the moment it would take to move, then look.
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/#\/sono$/);
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
  });

  test('the wizard speaks German', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('deutsch'));
    await page.addInitScript(() => localStorage.setItem('sonoLocale', 'de'));
    await page.goto('/#/sono/installations/new');
    await expect(page.getByTestId('step-title')).toHaveText('Vor der Installation');
    await expect(page.getByText('Was Sie erwartet')).toBeVisible();
    await page.getByRole('button', { name: 'Starten' }).click();
    await expect(page.getByTestId('step-title')).toHaveText('Allgemein');
    await expect(page.getByTestId('general-start-date')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    const [day, month, year] = (await page.getByTestId('general-start-date').innerText()).split('/');
    const today = new Date();
    expect([Number(day), Number(month), Number(year)]).toEqual([today.getDate(), today.getMonth() + 1, today.getFullYear()]);
    await page.getByTestId('step-next').click();
    await expect(page.getByText('Das Feld Produkt-Seriennummer ist erforderlich')).toBeVisible();
    await expectAccessible(page, 'wizard in German: general with errors');
    await page.getByTestId('general-serial').fill(SERIAL_A);
    await page.getByTestId('general-name').fill('E2E Bus Deutsch');
    await page.getByTestId('step-save').click();
    await expect(page.getByText('Der Schritt „Allgemein“ wurde gespeichert.')).toBeVisible();
    await expect(page).toHaveURL(/#\/sono\/installations\/\d+\?tab=general$/);
    created = idFromUrl(page);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-title')).toHaveText('Kunde');
    await page.getByTestId('step-save').click();
    await expect(page.getByText('Bitte bestätigen Sie, dass die Angaben korrekt sind')).toBeVisible();
    await expectAccessible(page, 'wizard in German: customer with the confirmation missing');
    await page.getByText('Ich bestätige, dass die Kundendaten korrekt sind.').click();
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-title')).toHaveText('Fahrzeug');
    await page.getByTestId('vehicle-year').fill('1999');
    await page.getByTestId('vehicle-battery-capacity').fill('viel');
    await page.getByTestId('step-next').click();
    await expect(page.getByText('Das Feld Hersteller ist erforderlich')).toBeVisible();
    await expect(page.getByText(/Bitte geben Sie ein gültiges Jahr zwischen 2000 und \d{4} ein\./)).toBeVisible();
    await expect(page.getByText('Das Feld Batteriekapazität muss eine Zahl sein')).toBeVisible();
    await expectAccessible(page, 'wizard in German: vehicle with errors');
    await expect(page.getByTestId('step-next')).toHaveText('Weiter');
  });

  test('a serial number that is not in the registry is named on its field', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('wrongserial'));
    await page.goto('/#/sono/installations/new');
    await page.getByTestId('pre-start').click();
    await page.getByTestId('general-serial').fill('SN-NOPE-0404');
    await page.getByTestId('general-name').fill('Nobody’s bus');
    await page.getByTestId('step-next').click();
    await expect(page.getByText('System with this product serial number has not been found')).toBeVisible();
    await expect(page.getByTestId('general-serial')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'wizard: general with an unknown serial number');
    await expect(page).toHaveURL(/installations\/new\?tab=general$/);
  });

  test('closing with unsaved changes asks to save them first', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('close'));
    await page.goto('/#/sono/installations/new');
    await page.getByTestId('pre-start').click();
    await page.getByTestId('general-name').fill('Half-typed bus');
    await page.getByTestId('wizard-close').click();
    const dialog = page.getByTestId('close-dialog');
    await expect(dialog).toContainText('Unsaved changes');
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expectAccessible(page, 'wizard: close dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('general-name')).toHaveValue('Half-typed bus');
    await page.getByTestId('wizard-close').click();
    await page.getByTestId('close-dialog').getByRole('button', { name: "Don't save" }).click();
    await expect(page).toHaveURL(/#\/sono$/);
  });

  test('leaving through the menu with unsaved changes asks first and then goes where the installer clicked', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('leave'));
    await page.goto('/#/sono/installations/new');
    await page.getByTestId('pre-start').click();
    await page.getByTestId('general-name').fill('Bus left through the menu');
    const menu = page.getByRole('navigation', { name: 'Main menu' }).last();

    await menu.getByRole('link', { name: 'Partners' }).click();
    const dialog = page.getByTestId('close-dialog');
    await expect(dialog).toContainText('Unsaved changes');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/installations\/new/);
    await expect(page.getByTestId('general-name')).toHaveValue('Bus left through the menu');

    // Opening a menu entry in a new tab is not held.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), menu.getByRole('link', { name: 'Partners' }).click({ modifiers: ['ControlOrMeta'] })]);
    await popup.close();
    await expect(dialog).toHaveCount(0);

    await menu.getByRole('link', { name: 'Partners' }).click();
    await page.getByTestId('close-dialog').getByRole('button', { name: "Don't save" }).click();
    await expect(page).toHaveURL(/#\/sono\/partners$/);

    // Nothing typed: the menu leads away at once.
    await page.goto('/#/sono/installations/new');
    await page.getByTestId('pre-start').click();
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/#\/sono$/);
    await expect(page.getByTestId('close-dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
  });

  test('the mileage converts when the unit changes and is saved in km', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('miles'));
    created = await createViaWizard(page, SERIAL_B, 'E2E miles bus');
    await page.getByTestId('customer-confirm').check();
    await page.getByTestId('step-next').click();
    await fillVehicle(page, { mileage: '100' });
    const unit = page.getByTestId('vehicle-mileage-unit');
    await unit.getByText('miles').click();
    await expect(page.getByTestId('vehicle-mileage')).toHaveValue('62');
    await unit.getByText('km').click();
    await expect(page.getByTestId('vehicle-mileage')).toHaveValue('100');
    await unit.getByText('miles').click();
    await page.getByTestId('step-save').click();
    await expect(page.getByText('The vehicle data has been saved successfuly!')).toBeVisible();
    expect((await fetchInstallation(page, created)).vehicle?.mileage).toBe(100);
    expect(await page.evaluate(() => localStorage.getItem('preferredDistanceUnit'))).toBe('miles');
    await page.reload();
    await expect(page.getByTestId('vehicle-mileage')).toHaveValue('62');
  });
});

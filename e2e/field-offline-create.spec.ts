import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { admin, expect, expectAccessible, stillScreenshot, storedText, test, uniqueEmail } from './fixtures';
import { openProfile, signInOnLoginPage, untilControlled } from './field-profile';
import { createDraft, deleteInstallation, getInstallation, importSystem, type Api } from './installation-api';
import { customerStep, vehicleStep } from './wizard-steps';

// A new installation started in a dead spot: the device saw the serial number online (the fleet's
// registry rows it keeps), then the network goes. Uses its own system, imported for this spec.
const unique = Date.now().toString().slice(-8);
const SERIAL = `SN-OFFNEW-${unique}`;
const TAKEN_SERIAL = `SN-OFFTAKEN-${unique}`;

/** The home in German and then English, reloaded offline or online as it is, once `testId` shows: pictures to look at. */
async function homeShots(page: Page, name: string, testId: string): Promise<void> {
  for (const locale of ['de', 'en'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('sonoLocale', value), locale);
    await page.reload();
    await expect(page.getByTestId(testId)).toBeVisible();
    await stillScreenshot(page, { path: test.info().outputPath(`${name}-${locale}-390.png`), fullPage: true });
  }
}

test.describe('field: a new installation without a connection', () => {
  test.use({ actionTimeout: 15_000 });
  let profile: string;
  test.beforeEach(() => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-field-new-'));
  });
  test.afterEach(() => fs.rmSync(profile, { recursive: true, force: true }));

  test('starts offline with a serial number the device has seen, queues the vehicle behind it, and the server has both once online', async ({ playwright, request }) => {
    test.setTimeout(120_000);
    const importer = uniqueEmail('offnew-admin');
    admin('grant', importer, '--fleet', 'sono', '--role', 'admin');
    const importerToken = admin('token', importer).split('\n').at(-1)!.trim();
    await importSystem(request, importerToken, SERIAL, unique);

    const email = uniqueEmail('offnew');
    const context = await openProfile(playwright, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, email);
    const token = admin('token', email).split('\n').at(-1)!.trim();
    const api: Api = { request, headers: { authorization: `Bearer ${token}` } };
    let id: number | null = null;
    try {
      await untilControlled(page);
      await page.goto('/#/sono');
      await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
      // The online visit put the fleet's serial numbers into the device copy.
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries'), { timeout: 15_000 }).toContain(SERIAL);

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Add new installation' }).click();
      await page.getByTestId('pre-start').click();
      // A serial number the device has never seen: the first save needs the connection.
      await page.getByTestId('general-serial').fill('SN-NEVER-SEEN-1');
      await page.getByTestId('general-name').fill('Bus 4713 Betriebshof');
      await page.getByTestId('step-next').click();
      await expect(page.getByTestId('offline-create-unseen')).toHaveText(/The first save of a new installation needs the connection: SN-NEVER-SEEN-1/);
      await expect(page).toHaveURL(/installations\/new\?tab=general$/);
      await expect(page.getByText(/It is kept on this device/)).toHaveCount(0);
      await page.getByTestId('offline-create-unseen').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('offline-create-unseen-en-390.png') });

      // The one it has seen starts on the device, and the installer goes on.
      await page.getByTestId('general-serial').fill(SERIAL);
      await page.getByTestId('step-next').click();
      await expect(page).toHaveURL(/#\/sono\/installations\/-\d+\?tab=customer$/);
      await expect(page.getByTestId('local-installation-notice')).toBeVisible();
      await customerStep(page);
      await vehicleStep(page, { type: 'Bus', manufacturer: 'MAN', model: "Lion's City 12", year: '2022', batteryCapacity: '480', vin: 'WMA06XZZ5LM123458', mileage: '48000' });
      await expect(page.getByTestId('connection-badge')).toHaveText('Offline · 3 changes waiting');
      await page.screenshot({ path: test.info().outputPath('offline-create-vehicle-en-390.png') });
      const listed = await request.get(`/api/installations?fleet=sono&q=${SERIAL}`, { headers: api.headers });
      expect(((await listed.json()) as { total: number }).total).toBe(0);

      // The vehicle's Next waits for the system tab, which needs the registry data from the server.
      await expect(page.getByTestId('step-title')).toHaveText('Vehicle');

      // Still offline, the installer leaves for the home. The fleet's list cannot show the installation before the
      // server has it; the home lists it as started on this device, and one tap leads back to where they left it.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Home' }).click();
      const onDevice = page.getByTestId('device-installation');
      await expect(onDevice).toHaveCount(1);
      await expect(onDevice).toContainText('Bus 4713 Betriebshof');
      await expect(onDevice).toContainText(SERIAL);
      await expect(onDevice).toContainText('3 changes waiting');
      await expectAccessible(page, 'home with an installation started on the device');
      await homeShots(page, 'home-started-on-device', 'device-installations');
      await onDevice.getByRole('link', { name: 'Continue “Bus 4713 Betriebshof”' }).click();
      await expect(page).toHaveURL(/#\/sono\/installations\/-\d+\?tab=vehicle$/);
      await expect(page.getByTestId('step-title')).toHaveText('Vehicle');
      await expect(page.getByTestId('vehicle-vin')).toHaveValue('WMA06XZZ5LM123458');
      // Next again: it waits for the system tab, as before.
      await page.getByTestId('step-next').click();
      await expect(page.getByTestId('step-title')).toHaveText('Vehicle');

      // Back online: the create goes first, then the customer and vehicle tabs, and the installation's own
      // page opens on the system tab the installer was heading for, with the system's data.
      await context.setOffline(false);
      await expect(page).toHaveURL(/#\/sono\/installations\/\d+\?tab=system$/, { timeout: 40_000 });
      await expect(page.getByTestId('step-title')).toHaveText('System');
      await expect(page.getByText(`CC-${SERIAL}-A`)).toBeVisible();
      id = Number(/installations\/(\d+)/.exec(page.url())?.[1]);
      const saved = (await getInstallation(api, id)) as unknown as { vehicle: unknown };
      expect(saved).toMatchObject({ systemSerialNumber: SERIAL, name: 'Bus 4713 Betriebshof', customerDataConfirmed: true });
      expect(saved.vehicle).toMatchObject({ vin: 'WMA06XZZ5LM123458', manufacturer: 'MAN' });
      await expect(page.getByTestId('connection-badge')).toHaveCount(0);

      // The entries went with the installation: the next new one opens empty, with nothing offered to continue.
      await page.goto('/#/sono');
      await page.getByRole('button', { name: 'Add new installation' }).click();
      await page.getByTestId('pre-start').click();
      // The name after the last one is suggested only when nothing unsaved is offered.
      await expect(page.getByTestId('general-name')).toHaveValue(/^Bus \d+ Betriebshof$/);
      await expect(page.getByTestId('general-serial')).toHaveValue('');
      await expect(page.getByText(/Continue the unsaved installation/)).toHaveCount(0);
    } finally {
      await context.close();
      if (id !== null) await deleteInstallation(api, id);
    }
  });

  test('a colleague records the same bus meanwhile: the device keeps the entries, says why, leads to the colleague’s installation and discards on request', async ({ playwright, request }) => {
    test.setTimeout(120_000);
    const importer = uniqueEmail('offtaken-admin');
    admin('grant', importer, '--fleet', 'sono', '--role', 'admin');
    await importSystem(request, admin('token', importer).split('\n').at(-1)!.trim(), TAKEN_SERIAL, `9${unique}`);
    const colleagueEmail = uniqueEmail('offtaken-colleague');
    admin('grant', colleagueEmail, '--fleet', 'sono', '--role', 'installer');
    const colleague: Api = { request, headers: { authorization: `Bearer ${admin('token', colleagueEmail).split('\n').at(-1)!.trim()}` } };

    const context = await openProfile(playwright, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, uniqueEmail('offtaken'));
    let theirs: number | null = null;
    try {
      await untilControlled(page);
      // This page load's own copy of the fleet's serial numbers, not one a load before it wrote.
      const serials = page.waitForResponse((response) => response.url().endsWith('/api/fleets/sono/serials') && response.ok());
      await page.goto('/#/sono');
      await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
      expect(await (await serials).text()).toContain(TAKEN_SERIAL);
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries'), { timeout: 15_000 }).toContain(TAKEN_SERIAL);

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Add new installation' }).click();
      await page.getByTestId('pre-start').click();
      await page.getByTestId('general-serial').fill(TAKEN_SERIAL);
      await page.getByTestId('general-name').fill('Bus 5120 Nachtschicht');
      await page.getByTestId('step-next').click();
      await expect(page).toHaveURL(/#\/sono\/installations\/-\d+\?tab=customer$/);
      const localId = /installations\/(-\d+)/.exec(page.url())![1]!;
      await customerStep(page);
      await expect(page.getByTestId('connection-badge')).toHaveText('Offline · 2 changes waiting');

      // Meanwhile a colleague records the same bus from the office.
      theirs = (await createDraft(colleague, TAKEN_SERIAL, 'Bus 5120 (office)')).id;

      // Back online the first save is refused: the installer hears why, on the spot and on the tab.
      await context.setOffline(false);
      await expect(page.getByText('“Bus 5120 Nachtschicht” was not created')).toBeVisible({ timeout: 40_000 });
      const why = `${TAKEN_SERIAL} already has an installation in this fleet: “Bus 5120 (office)”, in progress.`;
      await expect(page.getByTestId('local-installation-refused')).toContainText(why);
      // The toasts close by themselves and free the menu under them.
      await page.mouse.move(0, 0);
      await expect(page.getByRole('alert').filter({ hasText: /was not created|No connection/ })).toHaveCount(0, { timeout: 20_000 });

      // The home keeps it, with the way to the colleague's installation; the entries stay on the device.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Home' }).click();
      const onDevice = page.getByTestId('device-installation');
      await expect(onDevice.getByTestId('device-installation-refused')).toHaveText(`Not created: the portal did not accept its first save. ${why}`);
      await expect(page.getByTestId('connection-badge')).toContainText('1 change waiting');
      await expectAccessible(page, 'home with an installation the portal refused');
      await homeShots(page, 'home-refused-on-device', 'device-installation-refused');
      await onDevice.getByRole('link', { name: 'Open “Bus 5120 (office)” and continue' }).click();
      await expect(page).toHaveURL(new RegExp(`#/sono/installations/${theirs}$`));
      await page.goBack();

      // Discarded, it leaves the device: nothing waits any more.
      await onDevice.getByRole('button', { name: 'Discard “Bus 5120 Nachtschicht”' }).click();
      const dialog = page.getByTestId('discard-device-installation');
      await expect(dialog).toContainText('Delete “Bus 5120 Nachtschicht” and everything entered for it from this device?');
      await dialog.getByTestId('discard-device-installation-confirm').click();
      await expect(page.getByTestId('device-installations')).toHaveCount(0);
      await expect(page.getByTestId('connection-badge')).toHaveCount(0);
      const keptKeys = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('installer-portal');
            open.onsuccess = () => {
              const all = open.result.transaction('wizard-drafts').objectStore('wizard-drafts').getAllKeys();
              all.onsuccess = () => resolve(JSON.stringify(all.result));
            };
          }),
      );
      expect(keptKeys).not.toContain(`:${localId}:`);
      expect(await getInstallation(colleague, theirs)).toMatchObject({ systemSerialNumber: TAKEN_SERIAL, status: 'draft' });
    } finally {
      await context.close();
      if (theirs !== null) await deleteInstallation(colleague, theirs);
    }
  });
});

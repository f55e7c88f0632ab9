import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { admin, expect, expectAccessible, stillScreenshot, storedText, test, uniqueEmail } from './fixtures';
import { openProfile, signInOnLoginPage, untilControlled } from './field-profile';
import { deleteInstallation, getInstallation, importSystem, type Api } from './installation-api';
import { customerStep, vehicleStep } from './wizard-steps';

// A new installation started in a dead spot: the device saw the serial number online (the fleet's
// registry rows it keeps), then the network goes. Uses its own system, imported for this spec.
const unique = Date.now().toString().slice(-8);
const SERIAL = `SN-OFFNEW-${unique}`;

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
      for (const locale of ['de', 'en'] as const) {
        await page.evaluate((value) => window.localStorage.setItem('sonoLocale', value), locale);
        await page.reload();
        await expect(page.getByTestId('device-installations')).toBeVisible();
        await stillScreenshot(page, { path: test.info().outputPath(`home-started-on-device-${locale}-390.png`), fullPage: true });
      }
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
    } finally {
      await context.close();
      if (id !== null) await deleteInstallation(api, id);
    }
  });
});

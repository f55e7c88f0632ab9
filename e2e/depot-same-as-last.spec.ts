import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, expect, expectAccessible, signInOnLoginPage, stillScreenshot, test, uniqueEmail } from './fixtures';
import { deleteInstallation, getInstallation, importSystem, type Api } from './installation-api';
import { expectChosen, systemStep } from './wizard-steps';

// A depot day on a phone: the first bus is recorded, the second takes over what repeats with one tap.
// Two systems of its own (two controllers each), imported into the registry for this spec only.
const unique = Date.now().toString().slice(-8);
const FIRST = `SN-DEPOT-${unique}-1`;
const SECOND = `SN-DEPOT-${unique}-2`;
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

test.use({ viewport: { width: 390, height: 844 } });

const tokenOf = (email: string) => admin('token', email).split('\n').at(-1)!.trim();

/** The first bus, recorded through the API: general, customer, vehicle and setup. */
async function firstBus(api: Api): Promise<number> {
  const { request, headers } = api;
  const created = await request.post('/api/installations', { headers, data: { fleet: 'sono', systemSerialNumber: FIRST, startDate: '2026-11-20', name: 'Bus 4713 Betriebshof' } });
  expect(created.status(), await created.text()).toBe(201);
  let current = (await created.json()) as { id: number; version: number; system: { chargeControllers: { serialNumber: string }[] } };
  const put = await request.put(`/api/installations/${current.id}`, { headers, data: { version: current.version, customerDataConfirmed: true } });
  current = await put.json();
  const vehicle = await request.post(`/api/installations/${current.id}/vehicle`, {
    headers,
    data: {
      version: current.version,
      type: 'bus',
      manufacturer: 'MAN',
      model: "Lion's City 12 E",
      year: 2023,
      transmission: 'electric',
      batteryType: 'HV',
      batteryCapacity: 480,
      batteryCapacityUnit: 'kWh',
      vin: 'WMAA40ZZ5NP012345',
      licensePlate: 'B-VG 4713',
      mileage: 48213,
      city: 'Berlin, Germany',
    },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(200);
  current = await vehicle.json();
  const inspection = { powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' };
  const setup = await request.put(`/api/installations/${current.id}/setup`, {
    headers,
    data: { version: current.version, controllers: current.system.chargeControllers.map((c, i) => ({ serialNumber: c.serialNumber, pvModulesCount: 3 + i, activeChannelCount: 2 + i, inspection })) },
  });
  expect(setup.status(), await setup.text()).toBe(200);
  return current.id;
}

test('the second bus of a depot takes over what repeats with "Same as the last vehicle", and saves it', async ({ page }) => {
  const adminEmail = uniqueEmail('depot-admin');
  admin('grant', adminEmail, '--fleet', 'sono', '--role', 'admin');
  const adminToken = tokenOf(adminEmail);
  await importSystem(page.request, adminToken, FIRST, `${unique}1`, 2);
  await importSystem(page.request, adminToken, SECOND, `${unique}2`, 2);

  const email = uniqueEmail('depot');
  admin('grant', email, '--fleet', 'sono');
  const api: Api = { request: page.request, headers: { authorization: `Bearer ${tokenOf(email)}` } };
  const ids: number[] = [];
  try {
    ids.push(await firstBus(api));
    await signInOnLoginPage(page, email);

    // The second bus: its name comes counted up from the first, and stays editable.
    await page.getByRole('button', { name: 'Add new installation' }).first().click();
    await page.getByTestId('pre-start').click();
    await expect(page.getByTestId('general-name')).toHaveValue('Bus 4714 Betriebshof');
    await expect(page.getByText('Suggested after “Bus 4713 Betriebshof”. You can change it.')).toBeVisible();
    await page.getByTestId('general-serial').fill(SECOND);
    await page.getByTestId('step-next').click();
    await expect(page).toHaveURL(/installations\/\d+\?tab=customer/);
    ids.push(Number(/installations\/(\d+)/.exec(page.url())![1]));
    await page.getByTestId('customer-confirm').check();
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-title')).toHaveText('Vehicle');

    const same = page.getByTestId('vehicle-same-as-last');
    await expect(same).toContainText("MAN Lion's City 12 E 2023 · Bus 4713 Betriebshof");

    // The README's pictures, German first; the English tab then starts again from the server's values.
    for (const locale of ['de', 'en'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('sonoLocale', value), locale);
      await page.reload();
      if (locale === 'en') await page.getByTestId('draft-notice').getByRole('button').click();
      await expect(page.getByTestId('vehicle-manufacturer')).toHaveValue('');
      await page.getByTestId('vehicle-same-as-last').click();
      await expect(page.getByTestId('carried-mark')).toHaveCount(8);
      // The tab as it opens: the buttons, the notice and the first marked fields.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(0, 0);
      await stillScreenshot(page, { path: path.join(docs, `depot-same-as-last-${locale}-390.png`) });
      await stillScreenshot(page, { path: test.info().outputPath(`vehicle-${locale}-390-full.png`), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await stillScreenshot(page, { path: test.info().outputPath(`vehicle-${locale}-1280-full.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
    }

    await expect(page.getByTestId('vehicle-manufacturer')).toHaveValue('MAN');
    await expect(page.getByTestId('vehicle-model')).toHaveValue("Lion's City 12 E");
    await expect(page.getByTestId('vehicle-year')).toHaveValue('2023');
    await expect(page.getByTestId('vehicle-battery-capacity')).toHaveValue('480');
    await expect(page.getByTestId('vehicle-city')).toHaveValue('Berlin, Germany');
    for (const own of ['vehicle-vin', 'vehicle-license-plate', 'vehicle-mileage']) await expect(page.getByTestId(own)).toHaveValue('');
    await expect(page.getByTestId('carried-notice')).toContainText('Taken from “Bus 4713 Betriebshof”');
    await expectAccessible(page, 'the vehicle tab with values taken over');
    await page.getByTestId('vehicle-pick').click();
    await expect(page.getByTestId(`vehicle-picker-${ids[0]}`)).toContainText(`${FIRST} · MAN Lion's City 12 E 2023`);
    await expectAccessible(page, 'the vehicle picker');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`vehicle-picker-${ids[0]}`)).toBeHidden();

    await page.getByTestId('vehicle-vin').fill('WMAA40ZZ5NP012346');
    await page.getByTestId('vehicle-mileage').fill('51020');
    await page.getByTestId('step-save').click();
    await expect(page.getByText('The vehicle data has been saved successfuly!')).toBeVisible();
    await expect(page.getByTestId('carried-mark')).toHaveCount(0);

    const saved = (await getInstallation(api, ids[1]!)) as unknown as { vehicle: Record<string, unknown> };
    expect(saved.vehicle).toMatchObject({
      type: 'bus',
      manufacturer: 'MAN',
      model: "Lion's City 12 E",
      year: 2023,
      transmission: 'electric',
      batteryType: 'HV',
      batteryCapacity: 480,
      batteryCapacityUnit: 'kWh',
      city: 'Berlin, Germany',
      vin: 'WMAA40ZZ5NP012346',
      licensePlate: null,
      mileage: 51020,
    });

    // The setup of the first bus goes onto the second (two controllers each), and the LEDs in one tap.
    await page.getByTestId('step-next').click();
    await systemStep(page);
    await expect(page.getByTestId('step-title')).toHaveText('Setup');
    await page.getByTestId('setup-same-as-last').click();
    await page.getByTestId('setup-all-leds').click();
    await expect(page.getByTestId('setup-pv-0')).toHaveValue('3');
    await expect(page.getByTestId('setup-channels-1')).toHaveValue('3');
    await expect(page.getByTestId('carried-mark')).toHaveCount(4);
    await expectChosen(page, 'setup-faultLed-1', 'Off');
    await expectAccessible(page, 'the setup tab with values taken over');
    await stillScreenshot(page, { path: test.info().outputPath('setup-en-390-full.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await stillScreenshot(page, { path: test.info().outputPath('setup-en-1280-full.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('step-save').click();
    await expect(page.getByTestId('carried-mark')).toHaveCount(0);
    const withSetup = (await getInstallation(api, ids[1]!)) as unknown as {
      system: { chargeControllers: { pvModulesCount: number; activeChannelCount: number }[] };
      inspections: { powerLed: string; statusLed: string; faultLed: string }[];
    };
    expect(withSetup.system.chargeControllers.map((c) => [c.pvModulesCount, c.activeChannelCount])).toEqual([
      [3, 2],
      [4, 3],
    ]);
    expect(withSetup.inspections).toEqual([expect.objectContaining({ powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' }), expect.objectContaining({ faultLed: 'off' })]);
  } finally {
    for (const id of ids.reverse()) await deleteInstallation(api, id);
  }
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { admin, expect, signInOnLoginPage, stillScreenshot, test, uniqueEmail } from './fixtures';
import { getInstallation, importSystem, jpegDataUrl } from './installation-api';

// A depot day on a phone: two buses of one model in a row, every tap and typed character counted as an
// installer makes them. The serial number, VIN, licence plate and mileage belong to each bus and are
// counted apart. Two systems of this spec's own (two controllers each), both completed at the end.
const unique = Date.now().toString().slice(-8);
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const BUSES = [`SN-DAY-${unique}-1`, `SN-DAY-${unique}-2`] as const;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Counts what an installer does: a tap on a button or box, a drop-down (open and pick), a typed character. */
class Counter {
  taps = 0;
  typed = 0;
  /** Characters of the bus's own data: serial number, VIN, licence plate, mileage. */
  own = 0;
  constructor(private readonly page: Page) {}

  async tap(target: Locator) {
    this.taps += 1;
    await target.click();
  }

  async type(target: Locator, text: string, kind: 'shared' | 'own' = 'shared') {
    this.taps += 1;
    await target.click();
    await target.fill(text);
    if (kind === 'own') this.own += text.length;
    else this.typed += text.length;
  }

  /** A native drop-down: one tap opens it, one picks. */
  async choose(testId: string, label: string) {
    this.taps += 2;
    await this.page.getByTestId(testId).selectOption({ label });
  }

  /** A photo: one tap opens the picker, one picks the photo. */
  async photo(slot: string, name: string, hue: number) {
    this.taps += 2;
    const dataUrl = await jpegDataUrl(this.page, hue);
    await this.page.getByTestId(`upload-input-${slot}`).setInputFiles({ name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') });
  }
}

type Bus = { serial: string; vin: string; plate: string; mileage: string };

/** One bus from the fleet home (or the completion dialog's Next vehicle) to its completion dialog. */
async function recordBus(page: Page, bus: Bus, first: boolean): Promise<Counter> {
  const c = new Counter(page);
  const next = page.getByTestId('step-next');
  if (first) await c.tap(page.getByRole('button', { name: 'Add new installation' }).first());
  else await c.tap(page.getByTestId('completion-next'));
  await c.tap(page.getByTestId('pre-start'));

  // General: the serial number (scanned or typed), the name (counted up for the second bus).
  await expect(page.getByTestId('step-title')).toHaveText('General');
  await c.type(page.getByTestId('general-serial'), bus.serial, 'own');
  if (first) await c.type(page.getByTestId('general-name'), 'Bus 7101 Depot Nord');
  else await expect(page.getByTestId('general-name')).toHaveValue('Bus 7102 Depot Nord');
  await c.tap(next);

  await expect(page.getByTestId('step-title')).toHaveText('Customer');
  await c.tap(page.getByTestId('customer-confirm'));
  await c.tap(next);

  await expect(page.getByTestId('step-title')).toHaveText('Vehicle');
  if (first) {
    await c.choose('vehicle-type', 'Bus');
    await c.type(page.getByTestId('vehicle-manufacturer'), 'MAN');
    await c.type(page.getByTestId('vehicle-model'), "Lion's City 12 E");
    await c.type(page.getByTestId('vehicle-year'), '2023');
    await c.choose('vehicle-transmission', 'Electric');
    await c.choose('vehicle-battery-type', 'High voltage');
    await c.type(page.getByTestId('vehicle-battery-capacity'), '480');
    await c.type(page.getByTestId('vehicle-city'), 'Berl');
    await c.tap(page.getByRole('option', { name: /^Berlin/ }).first());
  } else {
    await c.tap(page.getByTestId('vehicle-same-as-last'));
    await expect(page.getByTestId('vehicle-model')).toHaveValue("Lion's City 12 E");
  }
  await c.type(page.getByTestId('vehicle-vin'), bus.vin, 'own');
  await c.type(page.getByTestId('vehicle-license-plate'), bus.plate, 'own');
  await c.type(page.getByTestId('vehicle-mileage'), bus.mileage, 'own');
  await c.tap(next);

  await expect(page.getByTestId('step-title')).toHaveText('System');
  await c.tap(page.getByTestId('system-confirm'));
  await c.tap(next);

  await expect(page.getByTestId('step-title')).toHaveText('Setup');
  if (first) {
    for (const i of [0, 1]) {
      await c.type(page.getByTestId(`setup-pv-${i}`), '4');
      await c.type(page.getByTestId(`setup-channels-${i}`), '4');
    }
  } else {
    await c.tap(page.getByTestId('setup-same-as-last'));
    await expect(page.getByTestId('setup-pv-1')).toHaveValue('4');
  }
  await c.tap(page.getByTestId('setup-all-leds'));
  await c.tap(next);

  await expect(page.getByTestId('step-title')).toHaveText('Uploads');
  await expect(page.getByTestId('upload-input-pvModules')).toBeAttached({ timeout: 20_000 });
  await c.photo('pvModules', 'modules.jpg', 30);
  await c.photo('telematics-mcu', 'telematics.jpg', 200);
  await c.tap(next);

  await expect(page.getByTestId('step-title')).toHaveText('Digital check');
  await c.tap(page.getByTestId('checks-seen-all'));
  await c.tap(next);

  await expect(page.getByTestId('step-title')).toHaveText('Summary');
  await c.tap(page.getByTestId('summary-confirm'));
  await c.tap(page.getByTestId('summary-submit'));
  await expect(page.getByTestId('completion-modal')).toContainText(bus.serial, { timeout: 30_000 });
  return c;
}

test('the second bus of one model takes at most 25 taps and 20 typed characters besides its own data', async ({ page }) => {
  test.setTimeout(240_000);
  const adminEmail = uniqueEmail('day-admin');
  admin('grant', adminEmail, '--fleet', 'sono', '--role', 'admin');
  const adminToken = admin('token', adminEmail).split('\n').at(-1)!.trim();
  for (const [i, serial] of BUSES.entries()) await importSystem(page.request, adminToken, serial, `${unique}${i}`, 2);

  const email = uniqueEmail('day');
  admin('grant', email, '--fleet', 'sono');
  await signInOnLoginPage(page, email);

  const first = await recordBus(page, { serial: BUSES[0], vin: 'WMAA40ZZ5NP013713', plate: 'B-VG 4713', mileage: '48213' }, true);
  const second = await recordBus(page, { serial: BUSES[1], vin: 'WMAA40ZZ5NP013714', plate: 'B-VG 4714', mileage: '51020' }, false);
  for (const [label, c] of [['first bus', first], ['second bus', second]] as const) {
    console.log(`depot day, ${label}: ${c.taps} taps, ${c.typed} typed characters (+ ${c.own} of its serial number, VIN, licence plate and mileage)`);
  }
  // What the taps saved: the second bus holds the first one's model and setup, and its own VIN.
  const token = admin('token', email).split('\n').at(-1)!.trim();
  const id = Number(/installations\/(\d+)/.exec(page.url())![1]);
  const saved = (await getInstallation({ request: page.request, headers: { authorization: `Bearer ${token}` } }, id)) as unknown as {
    name: string;
    status: string;
    vehicle: Record<string, unknown>;
    system: { chargeControllers: { pvModulesCount: number; activeChannelCount: number }[] };
  };
  expect(saved).toMatchObject({ name: 'Bus 7102 Depot Nord', status: 'completed' });
  expect(saved.vehicle).toMatchObject({ manufacturer: 'MAN', model: "Lion's City 12 E", year: 2023, batteryCapacity: 480, vin: 'WMAA40ZZ5NP013714', licensePlate: 'B-VG 4714', mileage: 51020 });
  expect(saved.vehicle.city).toMatch(/^Berlin/);
  expect(saved.system.chargeControllers.map((c) => [c.pvModulesCount, c.activeChannelCount])).toEqual([[4, 4], [4, 4]]);

  // The README's pictures of the completion dialog, in English and German.
  const modal = page.getByTestId('completion-modal');
  await page.mouse.move(0, 0);
  await stillScreenshot(page, { path: path.join(docs, 'depot-completion-en-390.png') });
  await page.getByRole('button', { name: 'DE', exact: true }).dispatchEvent('click');
  await expect(modal.getByTestId('completion-next')).toHaveText('Nächstes Fahrzeug');
  await stillScreenshot(page, { path: path.join(docs, 'depot-completion-de-390.png') });
  await page.getByRole('button', { name: 'EN', exact: true }).dispatchEvent('click');

  expect(second.taps).toBeLessThanOrEqual(25);
  expect(second.typed).toBeLessThanOrEqual(20);
  expect(second.taps).toBeLessThan(first.taps);
});

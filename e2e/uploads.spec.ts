import type { APIRequestContext, Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { admin, expect, expectAccessible, signInViaApi, test, uniqueEmail } from './fixtures';

// Other specs share the server: this file uses only SN-DEMO-0004 and deletes what it created.
const SERIAL = 'SN-DEMO-0004';
const TARGET_BYTES = 0.5 * 1024 * 1024;

type FilePayload = { name: string; mimeType: string; buffer: Buffer };
type SavedUpload = { id: number; type: string; name: string; format: string; sizeKilobytes: number; url: string };

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

/** Exif with only an orientation tag: 6 = the camera was turned, show the picture rotated 90° clockwise. */
function exifOrientation(value: number): Buffer {
  const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xe1]), length, body]);
}

/** A camera-like photo: 4000 x 3000 noisy pixels at quality 100 (over 10 MB), stored sideways with Exif orientation 6. */
function largePhoto(name: string): FilePayload {
  const width = 4000;
  const height = 3000;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const noise = random() * 50;
      data[i] = ((x / width) * 200 + noise) | 0;
      data[i + 1] = ((y / height) * 200 + noise) | 0;
      data[i + 2] = (128 + noise) | 0;
      data[i + 3] = 255;
    }
  }
  const encoded = jpeg.encode({ data, width, height }, 100).data;
  // The Exif segment goes right after the start-of-image marker, as cameras write it.
  const buffer = Buffer.concat([encoded.subarray(0, 2), exifOrientation(6), encoded.subarray(2)]);
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A small PNG, different for every name (the server stores a file once per slot). */
function smallPng(name: string, hue: number): FilePayload {
  const png = new PNG({ width: 320, height: 240 });
  for (let i = 0; i < png.data.length; i += 4) {
    const pixel = i / 4;
    png.data[i] = (hue * 23) & 255;
    png.data[i + 1] = pixel % 320;
    png.data[i + 2] = Math.floor(pixel / 320);
    png.data[i + 3] = 255;
  }
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

/** A screenshot-like PNG over 0.5 MB: noise defeats PNG's compression. */
function noisyPng(name: string): FilePayload {
  const png = new PNG({ width: 1600, height: 1200 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (random() * 255) | 0;
    png.data[i + 1] = (random() * 255) | 0;
    png.data[i + 2] = 90;
    png.data[i + 3] = 255;
  }
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

function smallPdf(name: string): FilePayload {
  const text = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(text, 'latin1') };
}

/** Width, height and Exif orientation (1 when none) of a JPEG, read from its headers. */
function jpegInfo(bytes: Buffer): { width: number; height: number; orientation: number } {
  let orientation = 1;
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1 && bytes.toString('latin1', offset + 4, offset + 8) === 'Exif') {
      const tiff = offset + 10;
      const little = bytes.toString('latin1', tiff, tiff + 2) === 'II';
      const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
      const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
      const ifd = tiff + u32(tiff + 4);
      for (let entry = 0; entry < u16(ifd); entry++) {
        const at = ifd + 2 + entry * 12;
        if (u16(at) === 0x0112) orientation = u16(at + 8);
      }
    }
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7), orientation };
    offset += 2 + length;
  }
  throw new Error('no frame header in the JPEG');
}

const headersOf = (token: string) => ({ authorization: `Bearer ${token}` });

/** A draft on SN-DEMO-0004 with customer, vehicle and setup recorded, so the uploads tab opens. */
async function createInstallationForUploads(request: APIRequestContext, token: string): Promise<number> {
  const headers = headersOf(token);
  let res = await request.post('/api/installations', { data: { systemSerialNumber: SERIAL, startDate: '2026-11-20', name: 'E2E uploads van' }, headers });
  if (res.status() === 409) {
    // Left over by an interrupted run: start afresh.
    const list = await request.get(`/api/installations?fleet=sono&q=${SERIAL}`, { headers });
    const { items } = (await list.json()) as { items: { id: number; systemSerialNumber: string }[] };
    const stale = items.find((item) => item.systemSerialNumber === SERIAL);
    if (stale) await request.delete(`/api/installations/${stale.id}`, { headers });
    res = await request.post('/api/installations', { data: { systemSerialNumber: SERIAL, startDate: '2026-11-20', name: 'E2E uploads van' }, headers });
  }
  expect(res.status(), await res.text()).toBe(201);
  let installation = (await res.json()) as { id: number; version: number };
  const id = installation.id;

  res = await request.put(`/api/installations/${id}`, { data: { version: installation.version, customerDataConfirmed: true }, headers });
  expect(res.status(), await res.text()).toBe(200);
  installation = await res.json();
  res = await request.post(`/api/installations/${id}/vehicle`, {
    data: {
      version: installation.version,
      type: 'van',
      manufacturer: 'Mercedes-Benz',
      model: 'eSprinter',
      year: 2024,
      transmission: 'electric',
      batteryType: 'LV',
      batteryCapacity: 200,
      batteryCapacityUnit: 'Ah',
      vin: 'WMA06XZZ5LM123458',
      mileage: 0,
    },
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  installation = await res.json();
  res = await request.put(`/api/installations/${id}/setup`, {
    data: {
      version: installation.version,
      controllers: [{ serialNumber: 'CC-DEMO-0004-A', pvModulesCount: 6, activeChannelCount: 8, inspection: { powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' } }],
    },
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

async function listUploads(request: APIRequestContext, token: string, id: number): Promise<SavedUpload[]> {
  const res = await request.get(`/api/installations/${id}/uploads`, { headers: headersOf(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as SavedUpload[];
}

const slot = (page: Page, type: string) => page.getByTestId(`upload-slot-${type}`);
const fileRow = (page: Page, type: string, name: string) => slot(page, type).locator(`[data-testid="upload-file"][data-name="${name}"]`);
const sizeMb = async (page: Page, type: string, name: string) => Number((await fileRow(page, type, name).getByTestId('upload-size').innerText()).replace(/\s*MB$/, ''));

test.describe('uploads', () => {
  let token = '';
  let created: number | null = null;

  test.afterEach(async ({ request }) => {
    if (created === null) return;
    const res = await request.delete(`/api/installations/${created}`, { headers: headersOf(token) });
    expect([204, 404]).toContain(res.status());
    created = null;
  });

  test('photos are compressed on the device, saved one by one, and found again after a reload', async ({ page }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('uploads');
    await signInViaApi(page, email);
    token = admin('token', email).split('\n').at(-1)!.trim();
    created = await createInstallationForUploads(page.request, token);

    const big = largePhoto('roof-wide.jpg');
    expect(big.buffer.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(big.buffer.length).toBeLessThan(25 * 1024 * 1024);
    const panels = Array.from({ length: 10 }, (_, i) => smallPng(`panel-${i + 1}.png`, i + 1));

    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    await page.goto(`/#/sono/installations/${created}?tab=uploads`);
    await expect(page.getByTestId('step-title')).toHaveText('Uploads');
    await expect(slot(page, 'pvModules')).toBeVisible();
    const next = page.getByTestId('step-next');
    await expect(next).toBeDisabled();
    await expect(page.getByTestId('upload-required-pvModules')).toBeHidden();
    await expect(page.getByTestId('step-next-hint')).toHaveText('To continue, add at least one file to each required category: PV modules, and telematics unit and MCU.');
    await expectAccessible(page, 'uploads: empty slots');

    // PV modules: the camera photo and eight small ones; the photo is compressed in a worker.
    await page.getByTestId('upload-input-pvModules').setInputFiles([big, ...panels.slice(0, 8)]);
    await expect(slot(page, 'pvModules').getByTestId('upload-file')).toHaveCount(9);
    await expect(fileRow(page, 'pvModules', 'roof-wide.jpg')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    expect(await sizeMb(page, 'pvModules', 'roof-wide.jpg')).toBeLessThanOrEqual(0.5);
    expect(workers.some((url) => url.includes('compress.worker'))).toBe(true);
    await expect(fileRow(page, 'pvModules', 'panel-1.png').getByTestId('upload-thumbnail')).toBeVisible();
    await expect(fileRow(page, 'pvModules', 'panel-1.png').getByTestId('upload-size')).toHaveText(/^(< 0\.01|0\.\d\d) MB$/);
    await expect(next).toBeDisabled();

    // Two more: the tenth fits, the eleventh is refused and the picker closes.
    await page.getByTestId('upload-input-pvModules').setInputFiles(panels.slice(8, 10));
    await expect(slot(page, 'pvModules').getByTestId('upload-file')).toHaveCount(10);
    await expect(slot(page, 'pvModules').getByTestId('upload-rejection')).toHaveText('panel-10.png: A category holds at most 10 files.');
    await expect(page.getByTestId('upload-pick-pvModules')).toBeDisabled();
    await expect(page.getByTestId('upload-count-pvModules')).toHaveText('10 of 10 files');
    await expectAccessible(page, 'uploads: a full slot and a refused file');

    // Telematics unit: one photo opens Next; a large PNG stays a PNG, made small enough.
    const screenshot = noisyPng('tcu-screen.png');
    expect(screenshot.buffer.length).toBeGreaterThan(2 * TARGET_BYTES);
    await page.getByTestId('upload-input-telematics-mcu').setInputFiles([smallPng('tcu-label.png', 99), screenshot]);
    await expect(next).toBeEnabled();
    await expect(fileRow(page, 'telematics-mcu', 'tcu-screen.png')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    expect(await sizeMb(page, 'telematics-mcu', 'tcu-screen.png')).toBeLessThanOrEqual(0.5);

    // Other: a PDF is taken, a program is not.
    await page
      .getByTestId('upload-input-other')
      .setInputFiles([smallPdf('delivery-note.pdf'), { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
    await expect(slot(page, 'other').getByTestId('upload-rejection')).toHaveText('setup.exe: This file type is not supported.');
    await expect(fileRow(page, 'other', 'delivery-note.pdf')).toBeVisible();
    await expectAccessible(page, 'uploads: files in every slot and a refused type');

    // Removing one before saving: it is never sent.
    await fileRow(page, 'pvModules', 'panel-8.png').getByTestId('upload-remove').click();
    await expect(slot(page, 'pvModules').getByTestId('upload-file')).toHaveCount(9);
    await expect(page.getByTestId('upload-pick-pvModules')).toBeEnabled();

    await page.getByTestId('step-save').click();
    await expect(page.getByText('The uploads has been saved successfuly!')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-testid="upload-file"][data-status="ready"]')).toHaveCount(0);
    // Saved, the files go in the background, one after the other.
    await expect(page.locator('[data-testid="upload-file"]:is([data-status="queued"], [data-status="sending"])')).toHaveCount(0, { timeout: 60_000 });

    const saved = await listUploads(page.request, token, created);
    expect(saved.map((u) => `${u.type}:${u.name}`).sort()).toEqual(
      [
        'pvModules:roof-wide.jpg',
        ...panels.slice(0, 7).map((p) => `pvModules:${p.name}`),
        'pvModules:panel-9.png',
        'telematics-mcu:tcu-label.png',
        'telematics-mcu:tcu-screen.png',
        'other:delivery-note.pdf',
      ].sort(),
    );
    expect(saved.find((u) => u.name === 'tcu-screen.png')).toMatchObject({ format: 'png' });
    expect(saved.find((u) => u.name === 'tcu-screen.png')!.sizeKilobytes).toBeLessThanOrEqual(TARGET_BYTES / 1024);
    const photo = saved.find((u) => u.name === 'roof-wide.jpg')!;
    expect(photo.sizeKilobytes).toBeLessThanOrEqual(TARGET_BYTES / 1024);
    // Upright: stored sideways with orientation 6, it comes back portrait without a turn left to do.
    const bytes = await page.request.get(photo.url, { headers: headersOf(token) });
    expect(bytes.status()).toBe(200);
    const body = await bytes.body();
    expect(body.length).toBeLessThanOrEqual(TARGET_BYTES);
    const info = jpegInfo(body);
    expect(info.orientation).toBe(1);
    expect(info.height).toBeGreaterThan(info.width);

    // After a reload everything is there, with thumbnails loaded with the token.
    await page.reload();
    await expect(slot(page, 'pvModules').getByTestId('upload-file')).toHaveCount(9);
    await expect(slot(page, 'telematics-mcu').getByTestId('upload-file')).toHaveCount(2);
    await expect(fileRow(page, 'other', 'delivery-note.pdf')).toHaveAttribute('data-status', 'saved');
    await expect(fileRow(page, 'pvModules', 'roof-wide.jpg').getByTestId('upload-thumbnail')).toHaveAttribute('src', /^blob:/);
    expect(await sizeMb(page, 'pvModules', 'roof-wide.jpg')).toBeLessThanOrEqual(0.5);
    await expect(next).toBeEnabled();
    await expectAccessible(page, 'uploads: saved files');

    // Preview and download of a saved photo.
    await fileRow(page, 'pvModules', 'roof-wide.jpg').getByTestId('upload-preview').click();
    await expect(page.getByTestId('upload-preview-image')).toBeVisible();
    await expectAccessible(page, 'uploads: preview of a photo');
    const shown = await page.getByTestId('upload-preview-image').evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(shown.height).toBeGreaterThan(shown.width);
    await page.keyboard.press('Escape');
    const download = page.waitForEvent('download');
    await fileRow(page, 'other', 'delivery-note.pdf').getByTestId('upload-download').click();
    expect((await download).suggestedFilename()).toBe('delivery-note.pdf');

    // Deleting a saved one happens on Save.
    await fileRow(page, 'pvModules', 'panel-7.png').getByTestId('upload-remove').click();
    await expect(fileRow(page, 'pvModules', 'panel-7.png')).toHaveAttribute('data-status', 'removed');
    await expectAccessible(page, 'uploads: a saved file marked for removal');
    await page.getByTestId('step-save').click();
    await expect(fileRow(page, 'pvModules', 'panel-7.png')).toHaveCount(0);
    expect((await listUploads(page.request, token, created)).some((u) => u.name === 'panel-7.png')).toBe(false);
    await page.reload();
    await expect(slot(page, 'pvModules').getByTestId('upload-file')).toHaveCount(8);

    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-title')).toHaveText('Digital check');
    expect(cspViolations).toEqual([]);
  });
});

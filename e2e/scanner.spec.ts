import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { E2E_BASE_URL } from './config.mjs';
import { fakeCameraFile, type LabelCode } from './fake-camera';
import { admin, expect, expectAccessible, signInViaApi, stillScreenshot, test, uniqueEmail } from './fixtures';
import { createDraftUpToSystem, deleteInstallation, importSystem, type Api } from './installation-api';

// Each browser gets a fake camera that films one label; the codes are drawn at test time.
const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-SCAN-${unique}`;
const CONTROLLER = `CC-${SERIAL}-A`;
const IMEI = `3564${unique.padStart(11, '0')}`;
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

async function withCamera(codes: LabelCode[], run: (page: Page) => Promise<void>): Promise<void> {
  const file = await fakeCameraFile(codes);
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
  });
  try {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'en-US' });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Permissions policy/i.test(message.text())) cspViolations.push(message.text());
    });
    try {
      await run(page);
    } catch (error) {
      await page.screenshot({ path: test.info().outputPath('camera-page.png') });
      throw error;
    }
    expect(cspViolations).toEqual([]);
  } finally {
    await browser.close();
  }
}

test.describe('scanning labels', () => {
  let api: Api;
  let email: string;
  let installationId: number | null = null;

  test.beforeAll(async ({ browser }) => {
    email = uniqueEmail('scanner');
    admin('grant', email, '--fleet', 'sono', '--role', 'admin');
    const token = admin('token', email).split('\n').at(-1)!.trim();
    const page = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
    api = { request: page.request, headers: { authorization: `Bearer ${token}` } };
    await importSystem(page.request, token, SERIAL, IMEI.slice(3));
    // The vehicle and system tabs open once the tabs before them are recorded.
    installationId = (await createDraftUpToSystem(api, SERIAL, 'Scanned labels')).id;
  });

  test.afterAll(async () => {
    if (installationId !== null) await deleteInstallation(api, installationId);
  });

  test('the system serial number from a Code 128 label', async () => {
    await withCamera([{ bcid: 'code128', text: SERIAL }], async (page) => {
      await signInViaApi(page, email);
      await page.goto('/#/sono/installations/new');
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByTestId('general-serial-scan').click();
      await expect(page.getByTestId('scanner')).toBeVisible();
      await expect(page.getByTestId('general-serial')).toHaveValue(SERIAL, { timeout: 20_000 });
      await expect(page.getByTestId('scanner')).toHaveCount(0);
      // Typing stays possible.
      await page.getByTestId('general-serial').fill('SN-TYPED-1');
      await expect(page.getByTestId('general-serial')).toHaveValue('SN-TYPED-1');
    });
  });

  /** The vehicle tab's VIN scanner, filming one label with the VIN `label.text`, fills in that VIN. */
  async function expectVinScanned(label: LabelCode): Promise<void> {
    await withCamera([label], async (page) => {
      await signInViaApi(page, email);
      await page.goto(`/#/sono/installations/${installationId}?tab=vehicle`);
      await page.getByTestId('vehicle-vin-scan').click();
      await expect(page.getByTestId('vehicle-vin')).toHaveValue(label.text, { timeout: 20_000 });
    });
  }

  test('the VIN from a Code 39 windscreen label', async () => {
    await expectVinScanned({ bcid: 'code39', text: 'WMA06XZZ5LM123458' });
  });

  test('the VIN from a Data Matrix label', async () => {
    await expectVinScanned({ bcid: 'datamatrix', text: 'YV2RT40A5KB123456' });
  });

  test('the controller serial (Data Matrix) and the IMEI (Code 128) confirm the system', async () => {
    await withCamera(
      [
        { bcid: 'datamatrix', text: CONTROLLER },
        { bcid: 'code128', text: IMEI },
      ],
      async (page) => {
        await signInViaApi(page, email);
        await page.goto(`/#/sono/installations/${installationId}?tab=system`);
        await expect(page.getByTestId('step-title')).toHaveText('System');
        await expect(page.getByRole('checkbox')).not.toBeChecked();
        await page.getByTestId('system-controller-serial-0-scan').click();
        await expect(page.getByTestId('system-controller-serial-0-confirmed')).toBeVisible({ timeout: 20_000 });
        await expect(page.getByRole('checkbox')).not.toBeChecked();
        await page.getByTestId('system-imei-0-scan').click();
        await expect(page.getByTestId('system-imei-0-confirmed')).toBeVisible({ timeout: 20_000 });
        // Every label read and matched: the system is confirmed, and saved like the tick box.
        await expect(page.getByRole('checkbox')).toBeChecked();
        await page.getByTestId('step-save').click();
        await expect(page.getByText(/has been saved successfuly/)).toBeVisible();
        const saved = await api.request.get(`/api/installations/${installationId}`, { headers: api.headers });
        expect(((await saved.json()) as { systemDataConfirmed: boolean }).systemDataConfirmed).toBe(true);
      },
    );
  });

  test('screenshots: the scanner open, and the system tab with scanned labels, in English and German at 1280 and 390 px', async () => {
    test.setTimeout(240_000);
    // The controller's label and another IMEI: no VIN among them, so the VIN scanner stays open filming them.
    const codes: LabelCode[] = [
      { bcid: 'code128', text: CONTROLLER },
      { bcid: 'code128', text: '356000000000001' },
    ];
    await withCamera(codes, async (page) => {
      await signInViaApi(page, email);
      for (const locale of ['en', 'de'] as const) {
        await page.addInitScript((value) => window.localStorage.setItem('sonoLocale', value), locale);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
          await page.goto(`/#/sono/installations/${installationId}?tab=vehicle`);
          await page.reload();
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await page.getByTestId('vehicle-vin-scan').click();
          await expect(page.getByTestId('scanner-status')).toHaveAttribute('data-state', 'scanning');
          // The dialog has finished opening and the camera's picture is playing in it.
          await expect(page.getByTestId('scanner')).toHaveCSS('opacity', '1');
          await expect.poll(() => page.getByTestId('scanner-video').evaluate((video: HTMLVideoElement) => video.readyState >= 2 && video.currentTime > 0)).toBe(true);
          const target = width < 1000 ? docs : test.info().outputPath();
          await stillScreenshot(page, { path: path.join(target, `scanner-${locale}-${width}.png`) });
          if (locale === 'en') await expectAccessible(page, `scanner open at ${width} px`);
          await page.getByTestId('scanner-close').click();
          await expect(page.getByTestId('scanner')).toHaveCount(0);
          await page.goto(`/#/sono/installations/${installationId}?tab=system`);
          await page.getByTestId('system-controller-serial-0-scan').click();
          await expect(page.getByTestId('system-controller-serial-0-confirmed')).toBeVisible({ timeout: 20_000 });
          await page.screenshot({ path: test.info().outputPath(`system-scanned-${locale}-${width}.png`), fullPage: true });
          await page.getByTestId('system-imei-0-scan').click();
          await expect(page.getByTestId('system-imei-0-mismatch')).toBeVisible({ timeout: 20_000 });
          await page.screenshot({ path: test.info().outputPath(`system-mismatch-${locale}-${width}.png`), fullPage: true });
        }
      }
    });
  });

  test('a label of another device does not confirm', async () => {
    await withCamera([{ bcid: 'code128', text: 'CC-OTHER-0001-A' }], async (page) => {
      await signInViaApi(page, email);
      await page.goto(`/#/sono/installations/${installationId}?tab=system`);
      await page.getByTestId('system-controller-serial-0-scan').click();
      await expect(page.getByTestId('system-controller-serial-0-mismatch')).toHaveText(
        `The scanned code CC-OTHER-0001-A is not ${CONTROLLER}. Check the label and scan again.`,
        { timeout: 20_000 },
      );
    });
  });
});

test('without a camera the scanner says so, and typing stays possible', async ({ page }) => {
  const email = uniqueEmail('no-camera');
  await signInViaApi(page, email);
  await page.goto('/#/sono/installations/new');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByTestId('general-serial-scan').click();
  await expect(page.getByTestId('scanner-problem')).toBeVisible();
  await expect(page.getByTestId('scanner-problem')).toHaveAttribute('data-problem', /denied|noCamera/);
  await expectAccessible(page, 'scanner without a camera');
  await page.getByTestId('scanner-close').click();
  await page.getByTestId('general-serial').fill('SN-DEMO-0002');
  await expect(page.getByTestId('general-serial')).toHaveValue('SN-DEMO-0002');
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { admin, expect, test, uniqueEmail } from './fixtures';
import { openProfile, signInOnLoginPage, untilControlled } from './field-profile';
import { createDraftUpToSetup, importSystem, type Api } from './installation-api';
import { passedChecksStep } from './wizard-steps';

// A depot's signal: 400 kbit/s each way and 400 ms latency, on a real installer's phone (a persistent
// profile, signed in through the login page with the emailed code, the service worker in control).
// A system of its own, so no other spec's drafts or checks get in the way.
const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-SLOW-${unique}`;
const DEPOT = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/** A photo of about 0.43 MB that does not shrink: noise, each `seed` other bytes. */
function noisePhoto(name: string, seed: number) {
  const image = new PNG({ width: 440, height: 342 });
  let state = seed * 2_654_435_761;
  for (let i = 0; i < image.data.length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    image.data[i] = (i + 1) % 4 === 0 ? 255 : state >>> 24;
  }
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(image) };
}

const tokenOf = (email: string) => admin('token', email).split('\n').at(-1)!.trim();

/** The language, switched in the page (a reload would stop the uploads on their way). */
async function switchLanguage(page: Page, label: 'DE' | 'EN') {
  const switcher = page.getByTestId('locale-switch');
  if (!(await switcher.isVisible())) await page.getByRole('button', { name: /Open menu|Menü öffnen/ }).click();
  await switcher.getByText(label, { exact: true }).click();
  if (await page.getByRole('button', { name: /Close menu|Menü schließen/ }).isVisible()) await page.getByRole('button', { name: /Close menu|Menü schließen/ }).click();
}

test.describe('photos at depot bandwidth', () => {
  test.use({ actionTimeout: 15_000 });
  let profile: string;
  test.beforeEach(() => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-slow-'));
  });
  test.afterEach(() => fs.rmSync(profile, { recursive: true, force: true }));

  test('Next moves on without waiting for the photos, the summary shows the bytes on their way, and Submit waits for the last photo', async ({ playwright, request }) => {
    test.setTimeout(240_000);
    const adminEmail = uniqueEmail('slow-admin');
    admin('grant', adminEmail, '--fleet', 'sono', '--role', 'admin');
    await importSystem(request, tokenOf(adminEmail), SERIAL, `5${unique}`);

    const email = uniqueEmail('slow');
    const context = await openProfile(playwright, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, email);
    const api: Api = { request, headers: { authorization: `Bearer ${tokenOf(email)}` } };
    const { id } = await createDraftUpToSetup(api, SERIAL, 'Van 7 at the depot gate');
    try {
      await untilControlled(page);
      await page.goto(`/#/sono/installations/${id}?tab=uploads`);
      await page.reload();
      await expect(page.getByTestId('step-title')).toHaveText('Uploads');
      await expect(page.getByTestId('upload-slot-pvModules')).toBeVisible();

      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', DEPOT);

      const photos = [noisePhoto('roof-left.png', 1), noisePhoto('roof-right.png', 2), noisePhoto('tcu.png', 3), noisePhoto('mcu.png', 4)];
      for (const photo of photos) expect(photo.buffer.length).toBeGreaterThan(0.4 * 1024 * 1024);
      await page.getByTestId('upload-input-pvModules').setInputFiles(photos.slice(0, 2));
      await page.getByTestId('upload-input-telematics-mcu').setInputFiles(photos.slice(2));
      // Next does not wait for the uploads: the tab changes in less than half the time one photo takes to
      // send at this bandwidth (how fast it changes is measured by the INP bench, not here).
      const onePhotoMs = (photos[0]!.buffer.length / DEPOT.uploadThroughput) * 1000;
      const pickedAt = Date.now();
      await page.getByTestId('step-next').click();
      await expect(page.getByTestId('step-title')).toHaveText('Digital check', { timeout: onePhotoMs / 2 });
      const movedOnMs = Date.now() - pickedAt;
      expect(movedOnMs, `Next took ${movedOnMs} ms; one photo takes ${Math.round(onePhotoMs)} ms to send`).toBeLessThan(onePhotoMs / 2);

      // The header says what is still on its way.
      await expect(page.getByTestId('connection-badge')).toContainText(/[1-4] photos? waiting/);

      // The checks ran while the photos were taken; on to the summary while the photos still go.
      await passedChecksStep(page, 4);
      await expect(page.getByTestId('step-title')).toHaveText('Summary');
      const waiting = page.getByTestId('summary-waiting');
      await expect(waiting).toContainText(/Not sent yet: [1-4] photos?/);
      const fileProgress = waiting.getByTestId('upload-progress-text');
      await expect(fileProgress).toHaveText(/^0\.\d\d of 0\.4\d MB/);
      // Bytes, not files: the bar moves within a photo, and the time left shows once the speed is known.
      const isMidPhoto = async () => {
        const bar = waiting.getByTestId('upload-progress');
        if ((await bar.count()) === 0) return false;
        const [sent, total] = await Promise.all([bar.getAttribute('data-sent'), bar.getAttribute('data-total')]);
        return Number(sent) > 0 && Number(sent) < Number(total);
      };
      await expect.poll(isMidPhoto, { timeout: 15_000 }).toBe(true);
      await expect(waiting.getByTestId('queue-progress-bar-text')).toHaveText(/MB · about \d+ (seconds?|minutes?) left$/, { timeout: 15_000 });

      // The same in German.
      await switchLanguage(page, 'DE');
      await expect(waiting.getByTestId('queue-progress-bar-text')).toHaveText(/MB · noch etwa \d+ (Sekunden?|Minuten?)$/);
      await switchLanguage(page, 'EN');
      // The uploads tab, opened again meanwhile (from the wide stepper): each photo's row says how far it is.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId('dot-uploads').click();
      await expect(page.getByTestId('queue-progress')).toBeVisible();
      await expect(page.getByTestId('upload-file').getByTestId('upload-progress').first()).toBeAttached();
      await page.getByTestId('dot-summary').click();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(waiting).toBeVisible();

      // Submit waits for the last photo, says so, then goes by itself.
      await page.getByTestId('summary-confirm').check();
      await page.getByTestId('summary-submit').click();
      await expect(page.getByTestId('summary-submit-held')).toHaveText(/^Waiting for [1-4] photos? to be sent…/);
      await expect(page.getByTestId('completion-modal')).toHaveCount(0);
      // The depot's bandwidth has made its point: the rest goes at full speed, and Submit follows the last photo.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await expect(page.getByTestId('completion-modal')).toBeVisible({ timeout: 60_000 });

      const uploads = await request.get(`/api/installations/${id}/uploads`, { headers: api.headers });
      expect(uploads.status()).toBe(200);
      const stored = (await uploads.json()) as { name: string; type: string }[];
      expect(stored.map((u) => `${u.type}:${u.name}`).sort()).toEqual(['pvModules:roof-left.png', 'pvModules:roof-right.png', 'telematics-mcu:mcu.png', 'telematics-mcu:tcu.png']);
      const installation = await request.get(`/api/installations/${id}`, { headers: api.headers });
      expect(((await installation.json()) as { status: string }).status).toBe('completed');
    } finally {
      await context.close();
      // A completed installation stays (its serial is this run's own); a draft left by a failure goes.
      await request.delete(`/api/installations/${id}`, { headers: api.headers });
    }
  });
});

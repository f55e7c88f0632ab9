import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { admin, expect, signInViaApi, stillScreenshot, test, uniqueEmail } from './fixtures';
import { type Api, createDraftUpToSetup, uploadRequiredPhotos } from './installation-api';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-REPORT-${unique}`;

/** A system of its own, imported by an admin, so this spec shares no serial with the others. */
async function importSystem(api: Api) {
  const csv = [
    'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid',
    `${SERIAL},8,SBS-M 2.1,960,CC-REPORT-${unique},HV,HW 3.2,1.8.3,TCU-4G v3,357${unique.padStart(12, '0')},`,
  ].join('\n');
  const res = await api.request.post('/api/admin/sono/systems/import', { data: csv, headers: { ...api.headers, 'content-type': 'text/csv' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Everything recorded through the API, the simulated devices answer the check, then it is submitted. */
async function completedInstallation(page: Page, api: Api) {
  const draft = await createDraftUpToSetup(api, SERIAL, 'Bus 21, depot south');
  await uploadRequiredPhotos(page, api, draft.id);
  await expect
    .poll(async () => {
      const run = (await (await api.request.get(`/api/installations/${draft.id}/systemChecks`, { headers: api.headers })).json()) as { checks: { status: string }[] };
      return run.checks.every((c) => c.status === 'success');
    }, { timeout: 20_000 })
    .toBe(true);
  const submit = await api.request.post(`/api/installations/${draft.id}/submit`, { headers: api.headers, data: { summaryDataConfirmed: true } });
  expect(submit.status(), await submit.text()).toBe(200);
  return draft.id;
}

async function pdfText(file: string) {
  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** Opens `url` at `width` (a desktop or a phone) with the app in `locale`, read anew from the start. */
async function openInLocale(page: Page, url: string, locale: 'en' | 'de', width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
  await page.addInitScript((value) => window.localStorage.setItem('sonoLocale', value), locale);
  await page.goto(url);
  await page.reload();
}

test('the report downloaded from the summary leads to its public verification page; reopening shows there', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('report-admin');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  const api: Api = { request: page.request, headers: { authorization: `Bearer ${admin('token', email).split('\n').at(-1)!.trim()}` } };
  await importSystem(api);
  await signInViaApi(page, email);
  const id = await completedInstallation(page, api);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/#/sono/installations/${id}?tab=summary`);
  await expect(page.getByTestId('summary')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-report').click()]);
  expect(download.suggestedFilename()).toBe(`report-${SERIAL}.pdf`);
  const file = testInfo.outputPath('report.pdf');
  await download.saveAs(file);
  const text = await pdfText(file);
  expect(text).toContain(SERIAL);
  expect(text).toContain('YV2RT40A5KB123456');
  expect(text).toContain(email);
  const url = /(https?:\/\/\S+#\/verify\/[A-Za-z0-9_-]{24})/.exec(text)?.[1];
  expect(url, text).toBeDefined();

  // README: the report's first page.
  const png = spawnSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, path.join(out, 'report-page-1')]);
  expect(png.status, String(png.stderr)).toBe(0);

  // The verification page opens from the address in the PDF, without signing in.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(url!);
  await expect(stranger.getByTestId('verify-state')).toHaveAttribute('data-state', 'valid');
  await expect(stranger.getByTestId('verify-facts')).toContainText(SERIAL);
  await expect(stranger.getByTestId('verify-facts')).toContainText('YV2RT40A5KB123456');

  // A fleet admin reopens it; the same page then says so.
  await page.getByTestId('reopen-open').click();
  await page.getByTestId('reopen-reason').fill('The VIN was mistyped');
  await page.getByTestId('reopen-confirm').click();
  await expect(page.getByTestId('summary-submit')).toBeVisible();
  await stranger.reload();
  await expect(stranger.getByTestId('verify-state')).toHaveAttribute('data-state', 'reopened');
  // The public page says a fleet admin reopened it, never who.
  await expect(stranger.getByTestId('verify-state')).toContainText('by a fleet admin');
  await expect(stranger.getByTestId('verify-state')).not.toContainText('report-admin');

  // The fleet admin downloads the fleet's history for this month as CSV.
  await page.goto('/#/sono/admin?tab=history');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export-download').click()]);
  const history = fs.readFileSync(await csv.path(), 'utf8');
  expect(history).toContain(`${SERIAL},reopened,reason,,The VIN was mistyped`);

  // The history panel lists the reopening first, in the user's language; README pictures at two widths.
  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 390]) {
      await openInLocale(page, `/#/sono/installations/${id}?tab=summary`, locale, width);
      await page.getByTestId('history-open').click();
      const first = page.getByTestId('history-entry').first();
      await expect(first).toHaveAttribute('data-action', 'reopened');
      await expect(first).toContainText(locale === 'en' ? 'Reopened' : 'Wieder geöffnet');
      await stillScreenshot(page, { path: path.join(out, `history-panel-${locale}-${width}.png`) });
      // The list's filters live in the address, like search and sort.
      await page.goto('/#/sono/installations?status=draft&from=2026-11-01');
      await expect(page.getByTestId('filter-from')).toContainText(locale === 'en' ? '11/01/2026' : '01/11/2026');
      await expect(page.getByText(SERIAL).first()).toBeVisible();
      await stillScreenshot(page, { path: path.join(out, `installations-filters-${locale}-${width}.png`) });
      await openInLocale(stranger, url!, locale, width);
      await expect(stranger.getByTestId('verify-state')).toBeVisible();
      await stillScreenshot(stranger, { path: path.join(out, `verify-${locale}-${width}.png`) });
    }
  }

  // Submitted again: a new report version; the first report's page says a newer one exists.
  const again = await api.request.post(`/api/installations/${id}/submit`, { headers: api.headers, data: { summaryDataConfirmed: true } });
  expect(again.status(), await again.text()).toBe(200);
  await stranger.goto(url!);
  await stranger.reload();
  await expect(stranger.getByTestId('verify-state')).toHaveAttribute('data-state', 'superseded');
  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 390]) {
      await openInLocale(page, `/#/sono/installations/${id}?tab=summary`, locale, width);
      const actions = page.getByTestId('download-report');
      await actions.scrollIntoViewIfNeeded();
      await expect(page.getByTestId('reopen-open')).toBeVisible();
      await stillScreenshot(page, { path: path.join(out, `summary-report-actions-${locale}-${width}.png`) });
      await page.goto('/#/sono/admin?tab=history');
      await expect(page.getByTestId('history-export-download')).toBeVisible();
      await stillScreenshot(page, { path: path.join(out, `admin-history-${locale}-${width}.png`) });
    }
  }
});

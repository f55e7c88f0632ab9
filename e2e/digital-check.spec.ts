import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { createDraftUpToSetup, deleteInstallation, getInstallation, restartChecks, signInWithToken, type Api } from './installation-api';

// Other specs share the server: this file uses only SN-DEMO-0001 and SN-DEMO-0005 and deletes what it created.
// The e2e server's simulated devices report about 4 s after a run starts; SN-DEMO-0005's second
// controller never does and fails when the 10 s window ends.
const ALL_REPORT = 'SN-DEMO-0001';
const ONE_SILENT = 'SN-DEMO-0005';

const rows = (page: Page) => page.getByTestId('check-row');

async function tickEveryResult(page: Page): Promise<void> {
  const count = await rows(page).count();
  for (let i = 0; i < count; i++) {
    const box = rows(page).nth(i).getByRole('checkbox');
    await box.click();
    await expect(box).toHaveAttribute('aria-checked', 'true');
  }
}

test.describe('digital check', () => {
  let api: Api | null = null;
  let created: number | null = null;

  test.afterEach(async () => {
    if (api && created !== null) await deleteInstallation(api, created);
    api = null;
    created = null;
  });

  test('every device reports: the rows turn live, and Next goes to the summary', async ({ page }) => {
    api = await signInWithToken(page, 'checks-pass');
    const installation = await createDraftUpToSetup(api, ALL_REPORT, 'E2E checks pass');
    created = installation.id;
    let runReads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/installations/${installation.id}/systemChecks`) runReads++;
    });

    await page.goto(`/#/sono/installations/${installation.id}?tab=digitalCheck`);
    await expect(page.getByTestId('step-title')).toHaveText('Digital check');
    // SN-DEMO-0001: the telematics unit, two controllers, then the unit's ignition and sense line.
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByTestId('checks-ignition').getByTestId('check-row')).toContainText('Ignition at telematics unit');
    await expect(page.getByTestId('checks-sense-line').getByTestId('check-row')).toContainText('Sense line of telematics unit');
    // Saving the setup started a run that may have passed by now: a new one reaches the open page
    // through its event stream, and the page sees it before the devices report.
    await expect(page.getByTestId('stream-status')).toHaveAttribute('data-status', 'live');
    await restartChecks(api, installation.id);
    // Pending, with the time left.
    await expect(rows(page).first().getByTestId('check-result')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('check-countdown')).toHaveText(/^Time left: 0:\d\d$/);
    await expect(rows(page).first().getByTestId('check-imei')).toHaveText('356938035643801');
    await expect(rows(page).first().getByTestId('check-created')).toHaveText(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await expect(page.getByTestId('stream-status')).toHaveAttribute('data-status', 'live');
    await expectAccessible(page, 'digital check: running');

    // The results arrive through the event stream, without reading the run again.
    for (let i = 0; i < 5; i++) await expect(rows(page).nth(i).getByTestId('check-result')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('checks-passed')).toBeVisible();
    await expectAccessible(page, 'digital check: passed');
    await expect(rows(page).nth(1).getByTestId('check-serial')).toHaveText('CC-DEMO-0001-A');
    expect(runReads).toBe(1);

    // Next asks for every result to be ticked first.
    await page.getByTestId('step-next').click();
    await expect(page.getByText('Please confirm that you have seen the result of this check')).toHaveCount(5);
    await expectAccessible(page, 'digital check: results not yet confirmed');
    await tickEveryResult(page);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-title')).toHaveText('Summary');
    await expect(page.getByTestId('summary-check-result')).toHaveText(['Passed', 'Passed', 'Passed', 'Passed', 'Passed']);
    await expect(page.getByTestId('summary-check').nth(3)).toContainText('Ignition heartbeat');
    await expect(page.getByTestId('summary-check').nth(4)).toContainText('Sense line connection');
    expect((await getInstallation(api, installation.id)).proceededWithFailedChecks).toBe(false);
  });

  test('a silent device fails after the window; proceeding is confirmed and stored', async ({ page }) => {
    api = await signInWithToken(page, 'checks-fail');
    const installation = await createDraftUpToSetup(api, ONE_SILENT, 'E2E checks fail');
    created = installation.id;

    await page.goto(`/#/sono/installations/${installation.id}?tab=digitalCheck`);
    await expect(rows(page)).toHaveCount(5);
    // A new run, so the page sees the silent controller pending before its window ends.
    await expect(page.getByTestId('stream-status')).toHaveAttribute('data-status', 'live');
    await restartChecks(api, installation.id);
    const silent = rows(page).filter({ hasText: 'CC-DEMO-0005-B' });
    await expect(silent.getByTestId('check-result')).toHaveAttribute('data-status', 'pending');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('next-problem')).toHaveText('The checks are still running. Please wait until every check has a result.');
    await expectAccessible(page, 'digital check: Next while the checks run');

    await expect(silent.getByTestId('check-result')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(silent.getByTestId('check-result')).toHaveText('Failed');
    await expect(rows(page).filter({ hasText: 'CC-DEMO-0005-A' }).getByTestId('check-result')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('checks-ignition').getByTestId('check-result')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('checks-sense-line').getByTestId('check-result')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('checks-failed').getByRole('link', { name: 'support@sonomotors.com' })).toHaveAttribute('href', 'mailto:support@sonomotors.com');
    await expectAccessible(page, 'digital check: failed');

    await tickEveryResult(page);
    await page.getByTestId('step-next').click();
    const modal = page.getByTestId('proceed-modal');
    await expect(modal).toContainText('Some checks failed');
    await expectAccessible(page, 'digital check: proceed with failed checks');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);
    expect((await getInstallation(api, installation.id)).proceededWithFailedChecks).toBe(false);

    await page.getByTestId('step-next').click();
    await page.getByTestId('proceed-modal').getByRole('textbox', { name: /Why do you proceed\?/ }).fill('Controller B gets a new fuse on Monday');
    await page.getByTestId('proceed-modal').getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByTestId('step-title')).toHaveText('Summary');
    expect((await getInstallation(api, installation.id)).proceededWithFailedChecks).toBe(true);
    await expect(page.getByTestId('summary-proceeded-warning')).toBeVisible();
    await expect(page.getByTestId('summary-check-result')).toHaveText(['Passed', 'Passed', 'Failed', 'Passed', 'Passed']);
    await expectAccessible(page, 'summary after failed checks');
  });
});

import { admin, expect, expectAccessible, signInViaApi, test, uniqueEmail } from './fixtures';
import { createDraftUpToSetup, deleteInstallation, importSystem, pngFile, type Api } from './installation-api';

// A system of its own: the e2e server's simulated devices report about 4 s after a run starts.
const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-EARLY-${unique}`;

const photo = (name: string, hue: number) => pngFile(name, hue * 40);

test('the check already running when the uploads tab is done', async ({ page }) => {
  const email = uniqueEmail('early-check');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  const token = admin('token', email).split('\n').at(-1)!.trim();
  const api: Api = { request: page.request, headers: { authorization: `Bearer ${token}` } };
  await importSystem(page.request, token, SERIAL, `3${unique}`);

  const beforeSetup = Date.now();
  const installation = await createDraftUpToSetup(api, SERIAL, 'Early check');
  const setupSavedAt = Date.now();
  try {
    let pageRun: { runId: number; startedAt: string } | null = null;
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === `/api/installations/${installation.id}/systemChecks`) pageRun = await response.json();
    });
    await signInViaApi(page, email);
    await page.goto(`/#/sono/installations/${installation.id}?tab=uploads`);
    await expect(page.getByTestId('step-title')).toHaveText(/upload/i);
    await page.getByTestId('upload-input-pvModules').setInputFiles([photo('roof.png', 1)]);
    await page.getByTestId('upload-input-telematics-mcu').setInputFiles([photo('gateway.png', 2)]);
    const openedCheckAt = Date.now();
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-title')).toHaveText('Digital check');

    // The run the tab shows was started by the setup save, before the photos were taken.
    await expect.poll(() => pageRun?.startedAt ?? null).not.toBeNull();
    const startedAt = Date.parse(pageRun!.startedAt);
    expect(startedAt).toBeGreaterThanOrEqual(beforeSetup - 1000);
    expect(startedAt).toBeLessThanOrEqual(setupSavedAt + 1000);
    expect(startedAt).toBeLessThan(openedCheckAt);
    // The devices reported while the photos were taken: the result is there, without a wait.
    await expect(page.getByTestId('check-outcome')).toHaveAttribute('data-outcome', 'passed');
    await expect(page.getByTestId('check-row')).toHaveCount(4);
    await expectAccessible(page, 'digital check: result ready on arrival');
  } finally {
    await deleteInstallation(api, installation.id);
  }
});

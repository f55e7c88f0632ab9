import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_BASE_URL } from './config.mjs';
import { admin, expect, storedText, test, uniqueEmail } from './fixtures';
import { openProfile, signInOnLoginPage, untilControlled } from './field-profile';
import { createDraft, deleteInstallation, getInstallation, importSystem, type Api } from './installation-api';

// A session ended elsewhere while an installer's change waited on a shared phone. Uses its own system.
const unique = Date.now().toString().slice(-8);
const SERIAL = `SN-LOST-${unique}`;

const nameOn = async (api: Api, id: number) => ((await getInstallation(api, id)) as unknown as { name: string }).name;

test.describe('field: a session lost with work waiting', () => {
  test.use({ actionTimeout: 15_000 });
  let profile: string;
  test.beforeEach(() => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-field-lost-'));
  });
  test.afterEach(() => fs.rmSync(profile, { recursive: true, force: true }));

  test('the next call answers 401: the login page shows, another user never sees or sends the waiting change, the same user does', async ({ playwright, request }) => {
    test.setTimeout(150_000);
    const importer = uniqueEmail('lost-admin');
    admin('grant', importer, '--fleet', 'sono', '--role', 'admin');
    await importSystem(request, admin('token', importer).split('\n').at(-1)!.trim(), SERIAL, unique);

    const first = uniqueEmail('lostfirst');
    const context = await openProfile(playwright, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOnLoginPage(page, first);
    const api: Api = { request, headers: { authorization: `Bearer ${admin('token', first).split('\n').at(-1)!.trim()}` } };
    const { id } = await createDraft(api, SERIAL, 'Bus 9 as recorded');
    try {
      await untilControlled(page);
      await page.goto(`/#/sono/installations/${id}?tab=general`);
      await page.reload();
      await expect(page.getByTestId('general-name')).toHaveValue('Bus 9 as recorded');
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).toContain('Bus 9 as recorded');

      await context.setOffline(true);
      await page.getByTestId('general-name').fill('Bus 9 renamed without signal');
      await page.getByTestId('step-save').click();
      await expect(page.getByTestId('connection-badge')).toHaveText('Offline · 1 change waiting');

      // Meanwhile the session ends elsewhere (signed out on another device with the same session).
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const ended = await request.post('/api/auth/sign-out', { headers: { cookie, origin: E2E_BASE_URL }, data: {} });
      expect(ended.ok(), await ended.text()).toBe(true);

      // Back online, the waiting change meets a 401: the login page, and nothing of the installer's screens stays readable.
      await context.setOffline(false);
      await expect(page).toHaveURL(/#\/login/, { timeout: 40_000 });
      await expect(page.getByTestId('login-email')).toBeVisible();
      await expect.poll(() => storedText(page, 'installer-portal-cache', 'queries')).not.toContain('Bus 9');
      expect(await nameOn(api, id)).toBe('Bus 9 as recorded');

      // Another installer of the fleet on the same phone sees the installation as the server has it: the
      // unsent change neither shows nor waits for them, and nothing is sent in their name.
      await signInOnLoginPage(page, uniqueEmail('lostnext'));
      await expect(page.getByTestId('connection-badge')).toHaveCount(0);
      await page.goto(`/#/sono/installations/${id}?tab=general`);
      await expect(page.getByTestId('general-name')).toHaveValue('Bus 9 as recorded');
      await expect(page.getByText('renamed without signal')).toHaveCount(0);
      await page.waitForTimeout(3000);
      expect(await nameOn(api, id)).toBe('Bus 9 as recorded');
      await page.goto('/#/logout');
      await expect(page.getByTestId('login-email')).toBeVisible();

      // The same installer signs in again: their change goes.
      await signInOnLoginPage(page, first, { again: true });
      await expect.poll(() => nameOn(api, id), { timeout: 40_000 }).toBe('Bus 9 renamed without signal');
    } finally {
      await context.close();
      await deleteInstallation(api, id);
    }
  });
});

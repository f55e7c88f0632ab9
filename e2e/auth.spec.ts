import type { Page } from '@playwright/test';
import { guessDisplayName } from '@portal/domain/person';
import { E2E_BASE_URL } from './config.mjs';
import { admin, expect, expectAccessible, readSignInMail, signInViaApi, test, uniqueEmail } from './fixtures';
import { createDraftUpToSetup, deleteInstallation, importSystem } from './installation-api';

/** Opens the login page and asks for a sign-in mail to `email`; returns the time just before the request. */
async function requestSignIn(page: Page, email: string): Promise<number> {
  await page.goto('/#/login');
  const started = Date.now();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-request').click();
  return started;
}

test.describe('sign-in', () => {
  test('a new user signs in with the emailed code, says their name, lands on the demo fleet, and the summary names them', async ({ page }) => {
    const email = uniqueEmail('code');
    await page.goto('/');
    await expect(page).toHaveURL(/#\/login/);
    const started = Date.now();
    await expectAccessible(page, 'login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-request').click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await expectAccessible(page, 'login: check your inbox');
    const { code } = await readSignInMail(email, started - 1000);
    // The sixth digit signs in by itself: no button to press.
    await page.getByTestId('login-code').fill(code);
    await expect(page).toHaveURL(/#\/sono$/);

    // The first sign-in asks for the person's name, with a guess from the address; there is no way around it.
    const dialog = page.getByRole('dialog', { name: 'What is your name?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('display-name')).toHaveValue(guessDisplayName(email));
    await expectAccessible(page, 'what is your name');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('display-name').fill('Carla Coder');
    await dialog.getByTestId('display-name-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
    await expect(page.getByTestId('change-name')).toContainText('Signed in as Carla Coder');
    await expectAccessible(page, 'fleet home');
    // The token lives in memory only: local storage holds the flag and the profile.
    const stored = await page.evaluate(() => localStorage.getItem('auth-storage'));
    expect(stored).toContain('"isLoggedIn":true');
    expect(stored).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);

    // Asked once: signing in again does not ask.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // An installation of theirs names them, not the address's local part, on its summary.
    admin('grant', email, '--fleet', 'sono', '--role', 'admin');
    const token = admin('token', email).split('\n').at(-1)!.trim();
    const serial = `SN-NAME-${Date.now().toString(36).toUpperCase()}`;
    await importSystem(page.request, token, serial, String(Date.now()));
    const api = { request: page.request, headers: { authorization: `Bearer ${token}` } };
    const draft = await createDraftUpToSetup(api, serial, `Bus ${serial}`);
    try {
      await page.goto(`/#/sono/installations/${draft.id}?tab=summary`);
      await expect(page.getByTestId('summary-installer')).toContainText('Carla Coder');
      await expect(page.getByTestId('summary-installer')).toContainText(email);
    } finally {
      await deleteInstallation(api, draft.id);
    }
  });

  test('a user signs in with the emailed link', async ({ page }) => {
    const email = uniqueEmail('link');
    const started = await requestSignIn(page, email);
    await expect(page.getByText('Check your inbox')).toBeVisible();
    const { link } = await readSignInMail(email, started - 1000);
    expect(link.startsWith(E2E_BASE_URL)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(/#\/sono$/);
    await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
  });

  test('a used link says the sign-in failed', async ({ page }) => {
    const email = uniqueEmail('reuse');
    const started = await requestSignIn(page, email);
    const { link } = await readSignInMail(email, started - 1000);
    await page.request.get(link, { maxRedirects: 0 });
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByText(/Email link sign-in failed/)).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
  });

  test('a wrong code shows the message and the right one still works', async ({ page }) => {
    const email = uniqueEmail('wrong');
    const started = await requestSignIn(page, email);
    const { code } = await readSignInMail(email, started - 1000);
    await page.getByTestId('login-code').fill(code === '123456' ? '654321' : '123456');
    await expect(page.getByText('The code you entered seems to be wrong')).toBeVisible();
    // Pasting the right code over the wrong one sends it at once.
    await page.getByTestId('login-code').fill(code);
    await expect(page).toHaveURL(/#\/sono$/);
  });

  test('an invalid email is refused before anything is sent', async ({ page }) => {
    await requestSignIn(page, 'not-an-address');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Check your inbox')).toHaveCount(0);
  });
});

test.describe('locale', () => {
  test('German persists over a reload', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByTestId('locale-switch').getByText('DE').click();
    await expect(page.getByTestId('login-request')).toHaveText('Anmeldelink per E-Mail anfordern');
    await page.reload();
    await expect(page.getByTestId('login-request')).toHaveText('Anmeldelink per E-Mail anfordern');
    await expectAccessible(page, 'login in German');
    expect(await page.evaluate(() => localStorage.getItem('sonoLocale'))).toBe('de');
  });
});

test.describe('fleets', () => {
  test('a user without fleets sees "Nothing to see here"', async ({ page }) => {
    const email = uniqueEmail('nofleet');
    await signInViaApi(page, email);
    admin('revoke', email, '--fleet', 'sono');
    await page.goto('/');
    await expect(page.getByTestId('no-fleet')).toContainText('Nothing to see here');
    await expectAccessible(page, 'no fleet');
  });

  test('a member of acme opening #/sono sees the access denied screen', async ({ page }) => {
    const email = uniqueEmail('acme');
    admin('grant', email, '--fleet', 'acme');
    await signInViaApi(page, email);
    admin('revoke', email, '--fleet', 'sono');
    await page.goto('/');
    await expect(page).toHaveURL(/#\/acme$/);
    await page.goto('/#/sono');
    await expect(page.getByTestId('access-denied')).toContainText('You do not have permission to access this page.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectAccessible(page, 'access denied');
  });

  test('a user with two fleets can switch between them', async ({ page }) => {
    const email = uniqueEmail('two');
    // Users made by the CLI get only what it grants.
    admin('grant', email, '--fleet', 'acme', '--role', 'admin');
    admin('grant', email, '--fleet', 'sono');
    await signInViaApi(page, email);
    await page.goto('/');
    await expect(page).toHaveURL(/#\/sono$/);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.getByTestId('fleet-switcher').click();
    await page.getByRole('option', { name: 'ACME Logistics' }).click();
    await expect(page).toHaveURL(/#\/acme$/);
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  });
});

test.describe('logout', () => {
  test('returns to login and the old ID token is refused by the API', async ({ page }) => {
    const email = uniqueEmail('logout');
    await signInViaApi(page, email);
    const tokenSeen = page.waitForRequest((r) => r.url().includes('/api/me') && Boolean(r.headers().authorization));
    await page.goto('/');
    const token = (await tokenSeen).headers().authorization!;
    await expect(page).toHaveURL(/#\/sono$/);
    expect((await page.request.get('/api/me', { headers: { authorization: token } })).status()).toBe(200);

    await page.goto('/#/logout');
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByTestId('login-email')).toBeVisible();
    const after = await page.request.get('/api/me', { headers: { authorization: token } });
    expect(after.status()).toBe(401);
    expect(await after.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(await page.evaluate(() => localStorage.getItem('auth-storage'))).not.toContain('"isLoggedIn":true');
  });
});

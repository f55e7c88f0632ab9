import { spawn, type ChildProcess } from 'node:child_process';
import { IDP_CLIENT, startIdentityProvider } from '../apps/server/test/identity-provider';
import { E2E_PORT } from './config.mjs';
import { expect, test } from './fixtures';

// A portal of its own, configured for a company identity provider that this test starts.
const PORTAL_PORT = E2E_PORT + 20;
const IDP_PORT = E2E_PORT + 21;
const PORTAL = `http://localhost:${PORTAL_PORT}`;

let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
let portal: ChildProcess;

test.beforeAll(async () => {
  idp = await startIdentityProvider(IDP_PORT, `${PORTAL}/api/auth/callback/oidc`);
  portal = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...process.env,
      E2E_PORT: String(PORTAL_PORT),
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: IDP_CLIENT.clientId,
      OIDC_CLIENT_SECRET: IDP_CLIENT.clientSecret,
      OIDC_LABEL: 'ACME SSO',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${PORTAL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] })
    .toBe(200);
});

test.afterAll(async () => {
  portal?.kill('SIGTERM');
  await idp?.close();
});

test('an installer signs in with the company identity provider and lands on the fleet home', async ({ page }) => {
  const email = `olivia.${Date.now().toString(36)}@acme.example`;
  await page.goto(`${PORTAL}/#/login`);
  await page.getByRole('button', { name: 'Sign in with ACME SSO' }).click();

  // The provider's own pages: login, then consent.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: /continue/i }).click();

  // Back through the callback (code exchange, ID token check) to the portal, signed in.
  await expect(page).toHaveURL(`${PORTAL}/#/sono`, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
  const me = await page.evaluate(() => localStorage.getItem('auth-storage'));
  expect(me).toContain(email);
});

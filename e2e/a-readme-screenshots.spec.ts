import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, expect, signInViaApi, stillScreenshot, test } from './fixtures';

/** The pictures in README.md, made anew by every run so they show the portal as it is. */
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

test('README screenshots: login, fleet home and a wizard tab', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/login');
  await expect(page.getByTestId('login-email')).toBeVisible();
  await stillScreenshot(page, { path: path.join(out, 'login.png') });

  const email = 'installer@solarfit.example';
  await signInViaApi(page, email);
  const token = admin('token', email).split('\n').at(-1)!;
  const res = await page.request.get('/api/installations?fleet=sono&q=SN-DEMO-0004', { headers: { authorization: `Bearer ${token}` } });
  const existing = ((await res.json()) as { items: { id: number }[] }).items[0];
  const id =
    existing?.id ??
    ((await (
      await page.request.post('/api/installations', {
        data: { systemSerialNumber: 'SN-DEMO-0004', startDate: '2026-11-20', name: 'Bus 12, depot north' },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { id: number }).id;

  await page.goto('/#/sono');
  // The login page was open before the sign-in: a reload lets it pick up the new session.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add new installation' })).toBeVisible();
  await stillScreenshot(page, { path: path.join(out, 'fleet-home.png') });

  await page.goto(`/#/sono/installations/${id}?tab=general`);
  await expect(page.getByTestId('step-title')).toHaveText('General');
  // The tab's form comes with its own chunk after the wizard's frame.
  await expect(page.getByTestId('general-name')).toBeVisible();
  await stillScreenshot(page, { path: path.join(out, 'wizard-general.png') });

  if (!existing) await page.request.delete(`/api/installations/${id}`, { headers: { authorization: `Bearer ${token}` } });
});

test('README screenshots: the operator area in English and German, at 1280 and 390 px', async ({ page }) => {
  const email = 'operator@kit-vendor.example';
  admin('operator', 'add', email);
  await signInViaApi(page, email);
  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await page.addInitScript((value) => window.localStorage.setItem('sonoLocale', value), locale);
      for (const tab of ['fleets', 'companies'] as const) {
        await page.goto(`/#/operator${tab === 'companies' ? '?tab=companies' : ''}`);
        await page.reload();
        const row = page.getByTestId(tab === 'fleets' ? 'operator-fleet-row' : 'operator-company-row').first();
        await expect(row).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await stillScreenshot(page, { path: path.join(out, `operator-${tab}-${locale}-${width}.png`), fullPage: width < 1000 });
      }
    }
  }
});

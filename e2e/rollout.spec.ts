import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, expect, expectAccessible, signInViaApi, stillScreenshot, test, uniqueEmail } from './fixtures';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

const texts = {
  en: { title: 'Rollout', notStarted: 'Not started', attention: 'Needs attention', byCity: 'By city', week: 'Per week', day: 'Per day' },
  de: { title: 'Rollout', notStarted: 'Nicht begonnen', attention: 'Braucht Aufmerksamkeit', byCity: 'Nach Stadt', week: 'Pro Woche', day: 'Pro Tag' },
} as const;

test('a fleet admin reads the rollout at 390 and 1280 px in English and German, filters kept in the address', async ({ page }) => {
  const email = uniqueEmail('rollout-admin');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  await signInViaApi(page, email);
  const token = admin('token', email).split('\n').at(-1)!;
  // One draft so that the page has an installer company and a status besides "not started".
  const created = await page.request.post('/api/installations', {
    data: { systemSerialNumber: 'SN-DEMO-0003', startDate: '2026-11-20', name: 'Rollout bus 3' },
    headers: { authorization: `Bearer ${token}` },
  });
  const draftId = created.ok() ? ((await created.json()) as { id: number }).id : null;

  for (const locale of ['en', 'de'] as const) {
    const t = texts[locale];
    await page.addInitScript((value) => window.localStorage.setItem('sonoLocale', value), locale);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/#/sono/rollout');
      // A hash change loads no page: the reload runs the init script with the language.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByTestId('rollout-count-notStarted')).toContainText(t.notStarted);
      await expect(page.getByRole('heading', { name: new RegExp(t.attention) })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.byCity })).toBeVisible();
      await expect(page.getByTestId('rollout-progress')).toHaveAttribute('aria-valuetext', /%/);
      // Nothing sticks out sideways: wide tables scroll inside their frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 1280) await expectAccessible(page, `rollout ${locale} ${width}`);
    }
  }

  // Filters live in the address: a status picked from the counts and the weekly bars survive a reload.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('rollout-count-inProgress').click();
  await page.getByTestId('rollout-interval').getByText(texts.de.week).click();
  await expect(page).toHaveURL(/status=inProgress/);
  await expect(page).toHaveURL(/interval=week/);
  await page.reload();
  await expect(page.getByTestId('rollout-count-inProgress')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rollout-count-notStarted')).toContainText('0');
  // The menu's link to the page clears the filters; the next tap does not bring back the earlier ones.
  await page.getByTestId('rollout-interval').getByText(texts.de.day).click();
  await expect(page).not.toHaveURL(/interval=/);
  await expect(page).toHaveURL(/status=inProgress/);
  await page.getByRole('navigation').getByRole('link', { name: texts.de.title, exact: true }).click();
  await expect(page).not.toHaveURL(/status=/);
  await page.getByTestId('rollout-interval').getByText(texts.de.week).click();
  await expect(page).toHaveURL(/interval=week/);
  await expect(page).not.toHaveURL(/status=/);

  if (draftId !== null) await page.request.delete(`/api/installations/${draftId}`, { headers: { authorization: `Bearer ${token}` } });
});

/** A fleet mid-rollout for the README picture: the demo fleet has no completed installations to chart. */
function sampleRollout() {
  const day = (offset: number) => new Date(Date.UTC(2026, 10, 27 - offset)).toISOString().slice(0, 10);
  const counts = { notStarted: 118, inProgress: 21, stalled: 6, completed: 87, completedFailedChecks: 5, reopened: 3 };
  const companies = [
    { id: 1, name: 'SolarFit GmbH' },
    { id: 2, name: 'Voltwerk Montage' },
    { id: 3, name: 'Nordkit Service' },
  ];
  const completions = [];
  for (let d = 13; d >= 0; d--) {
    if (new Date(day(d)).getUTCDay() % 6 === 0) continue;
    for (const [i, c] of companies.entries()) {
      const n = (d * 7 + i * 5) % 4;
      if (n) completions.push({ period: day(d), companyId: c.id, count: n });
    }
  }
  const group = (stalled: number, done: number, failed: number, reopened: number, progress: number) => ({
    counts: { notStarted: 0, inProgress: progress, stalled, completed: done, completedFailedChecks: failed, reopened },
    total: progress + stalled + done + failed + reopened,
    done: done + failed,
  });
  const attention = (serial: string, id: number, status: string, step: string | null, days: number, company: number, city: string) => ({
    systemSerialNumber: serial,
    installationId: id,
    status,
    step,
    since: new Date(Date.UTC(2026, 10, 27 - days)).toISOString(),
    days,
    company: companies[company]!,
    city,
  });
  return {
    fleet: { slug: 'sono', name: 'Sono Demo Fleet', stallDays: 3 },
    scope: 'fleet',
    readOnly: false,
    registrySize: 240,
    counts,
    total: 240,
    done: 92,
    interval: 'day',
    completions,
    companies: [
      { ...companies[0]!, ...group(3, 41, 2, 1, 9) },
      { ...companies[1]!, ...group(2, 30, 3, 2, 7) },
      { ...companies[2]!, ...group(1, 16, 0, 0, 5) },
    ],
    cities: [
      { city: 'Berlin', ...group(2, 38, 2, 1, 8) },
      { city: 'Hamburg', ...group(3, 29, 1, 2, 9) },
      { city: 'München', ...group(1, 20, 2, 0, 4) },
    ],
    needsAttention: {
      total: 14,
      items: [
        attention('SN-4711-0183', 183, 'stalled', 'uploads', 9, 1, 'Hamburg'),
        attention('SN-4711-0077', 77, 'completedFailedChecks', null, 6, 0, 'Berlin'),
        attention('SN-4711-0152', 152, 'reopened', 'digitalCheck', 5, 1, 'Hamburg'),
        attention('SN-4711-0201', 201, 'stalled', 'vehicle', 4, 2, 'München'),
      ],
    },
    options: { companies, cities: ['Berlin', 'Hamburg', 'München'] },
  };
}

test('README screenshot of the rollout page', async ({ page }) => {
  const email = uniqueEmail('rollout-shot');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  await signInViaApi(page, email);
  await page.addInitScript(() => window.localStorage.setItem('sonoLocale', 'en'));
  await page.route(/\/api\/fleets\/sono\/rollout(\?|$)/, (route) => route.fulfill({ json: sampleRollout() }));
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto('/#/sono/rollout');
  await page.reload();
  await page.goto('/#/sono/rollout');
  await expect(page.getByTestId('rollout-page')).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await stillScreenshot(page, { path: path.join(docs, 'rollout.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await stillScreenshot(page, { path: path.join(docs, 'rollout-390.png'), fullPage: true });
});

test('README screenshot of the weekly rollout mail', async ({ page }) => {
  const { subject, html } = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'e2e/rollout-mail-preview.ts', 'en'], { encoding: 'utf8' })) as { subject: string; html: string };
  await page.setViewportSize({ width: 720, height: 900 });
  await page.setContent(html.replace('<body style="', `<body style="max-width:640px;margin:16px auto;`).replace(/(<body[^>]*>)/, `$1<p style="font-weight:bold;border-bottom:1px solid #ccc;padding-bottom:8px">${subject}</p>`));
  await expect(page.getByText(subject)).toBeVisible();
  await stillScreenshot(page, { path: path.join(docs, 'rollout-mail.png'), fullPage: true });
});

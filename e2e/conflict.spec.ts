import { E2E_BASE_URL } from './config.mjs';
import { admin, expect, expectAccessible, signInViaApi, test, uniqueEmail } from './fixtures';
import { importSystem } from './installation-api';

const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-CONFLICT-${unique}`;

test('two devices on one draft: the second saver chooses field by field, without reloading or retyping', async ({ browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('conflict');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  const token = admin('token', email).split('\n').at(-1)!;
  const headers = { authorization: `Bearer ${token}` };

  const tabletA = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
  const tabletB = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
  await importSystem(tabletA.request, token, SERIAL, `1${unique}`);
  const created = await tabletA.request.post('/api/installations', {
    data: { systemSerialNumber: SERIAL, startDate: '2026-11-20', name: 'Shared draft', comments: 'First visit' },
    headers,
  });
  const { id } = (await created.json()) as { id: number };

  for (const page of [tabletA, tabletB]) {
    await signInViaApi(page, email);
    await page.goto(`/#/sono/installations/${id}?tab=general`);
    await expect(page.getByTestId('general-name')).toHaveValue('Shared draft');
  }
  // Set on B's page: still there at the end means the page was never reloaded.
  await tabletB.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await tabletA.getByTestId('general-name').fill('Named on tablet A');
  await tabletA.getByTestId('general-comments').fill('Roof wet, fitted tomorrow');
  await tabletA.getByTestId('step-save').click();
  await expect(tabletA.getByText('The general data has been saved successfuly!')).toBeVisible();

  await tabletB.getByTestId('general-name').fill('Named on tablet B');
  await tabletB.getByTestId('general-comments').fill('Fitted today');
  await tabletB.getByTestId('step-save').click();

  // B sees both values of each field both changed, side by side.
  const choice = tabletB.getByTestId('conflict-choice');
  await expect(choice).toBeVisible();
  const fields = choice.getByTestId('conflict-field');
  await expect(fields).toHaveCount(2);
  const name = fields.filter({ hasText: 'Installation name' });
  const comments = fields.filter({ hasText: 'Comments' });
  await expect(name.getByTestId('conflict-mine-value')).toHaveText('Named on tablet B');
  await expect(name.getByTestId('conflict-theirs-value')).toHaveText('Named on tablet A');
  await expect(comments.getByTestId('conflict-mine-value')).toHaveText('Fitted today');
  await expect(comments.getByTestId('conflict-theirs-value')).toHaveText('Roof wet, fitted tomorrow');
  await expect(name.getByRole('radio', { name: /Your value/ })).toBeChecked();
  await expectAccessible(tabletB, 'general: choosing between two saves');
  // The choice in both languages and both widths (the language switch keeps the page and its state).
  for (const locale of ['en', 'de'] as const) {
    if (locale === 'de') {
      await tabletB.getByTestId('locale-switch').getByText('DE').click();
      await expect(choice).toContainText('Der andere Wert');
    }
    for (const width of [1280, 390]) {
      await tabletB.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await tabletB.screenshot({ path: test.info().outputPath(`conflict-choice-${locale}-${width}.png`), fullPage: true });
    }
  }
  await tabletB.getByTestId('locale-switch').getByText('EN').click();
  await expect(choice).toContainText('Their value');
  await tabletB.setViewportSize({ width: 1280, height: 720 });

  // Keep B's name, take A's comments; nothing is typed again.
  await comments.getByRole('radio', { name: /Their value/ }).click();
  await choice.getByTestId('conflict-apply').click();
  await expect(tabletB.getByText('The general data has been saved successfuly!')).toBeVisible();
  await expect(choice).toHaveCount(0);
  await expect(tabletB.getByTestId('general-name')).toHaveValue('Named on tablet B');
  await expect(tabletB.getByTestId('general-comments')).toHaveValue('Roof wet, fitted tomorrow');
  expect(await tabletB.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  const stored = (await (await tabletA.request.get(`/api/installations/${id}`, { headers })).json()) as { name: string; comments: string; version: number };
  expect(stored).toMatchObject({ name: 'Named on tablet B', comments: 'Roof wet, fitted tomorrow' });

  await tabletA.request.delete(`/api/installations/${id}`, { headers });
});

test('a field only the other device changed is taken over, and the save goes through on its own', async ({ browser }) => {
  const email = uniqueEmail('conflict-merge');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  const token = admin('token', email).split('\n').at(-1)!;
  const headers = { authorization: `Bearer ${token}` };
  const serial = `${SERIAL}-M`;
  const page = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
  await importSystem(page.request, token, serial, `2${unique}`);
  const created = await page.request.post('/api/installations', { data: { systemSerialNumber: serial, startDate: '2026-11-20', name: 'Merged draft' }, headers });
  const { id, version } = (await created.json()) as { id: number; version: number };
  await signInViaApi(page, email);
  await page.goto(`/#/sono/installations/${id}?tab=general`);
  await expect(page.getByTestId('general-name')).toHaveValue('Merged draft');

  // The other device changes only the comments.
  const other = await page.request.put(`/api/installations/${id}`, { data: { version, comments: 'From the office' }, headers });
  expect(other.status()).toBe(200);

  await page.getByTestId('general-name').fill('Merged draft, bus 7');
  await page.getByTestId('step-save').click();
  await expect(page.getByText('The general data has been saved successfuly!')).toBeVisible();
  await expect(page.getByTestId('conflict-choice')).toHaveCount(0);
  await expect(page.getByTestId('general-comments')).toHaveValue('From the office');
  const stored = (await (await page.request.get(`/api/installations/${id}`, { headers })).json()) as { name: string; comments: string };
  expect(stored).toMatchObject({ name: 'Merged draft, bus 7', comments: 'From the office' });
  await page.request.delete(`/api/installations/${id}`, { headers });
});

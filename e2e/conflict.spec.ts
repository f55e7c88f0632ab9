import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './config.mjs';
import { admin, expect, expectAccessible, signInViaApi, test, uniqueEmail } from './fixtures';

const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-CONFLICT-${unique}`;

/** A system of its own, imported by an admin, so this spec shares no serial with the others. */
async function importSystem(page: Page, token: string) {
  const csv = [
    'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid',
    `${SERIAL},8,SBS-M 2.1,960,CC-CONFLICT-${unique},HV,HW 3.2,1.8.3,TCU-4G v3,356${unique.padStart(12, '0')},`,
  ].join('\n');
  const res = await page.request.post('/api/admin/sono/systems/import', { data: csv, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } });
  expect(res.status()).toBe(200);
}

test('two browsers editing the same draft: the second save is told of the conflict and keeps its entries', async ({ browser }) => {
  const email = uniqueEmail('conflict');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  const token = admin('token', email).split('\n').at(-1)!;

  const tabletA = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
  const tabletB = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
  await importSystem(tabletA, token);
  const created = await tabletA.request.post('/api/installations', {
    data: { systemSerialNumber: SERIAL, startDate: '2026-11-20', name: 'Shared draft' },
    headers: { authorization: `Bearer ${token}` },
  });
  const { id } = (await created.json()) as { id: number };

  for (const page of [tabletA, tabletB]) {
    await signInViaApi(page, email);
    await page.goto(`/#/sono/installations/${id}?tab=general`);
    await expect(page.getByTestId('general-name')).toHaveValue('Shared draft');
  }

  await tabletA.getByTestId('general-name').fill('Named on tablet A');
  await tabletA.getByTestId('step-save').click();
  await expect(tabletA.getByText('The general data has been saved successfuly!')).toBeVisible();

  await tabletB.getByTestId('general-name').fill('Named on tablet B');
  await tabletB.getByTestId('step-save').click();
  await expect(tabletB.getByTestId('conflict-notice')).toBeVisible();
  await expectAccessible(tabletB, 'general with a version conflict');
  // Nothing lost: B still sees what it typed, A's save is on the server.
  await expect(tabletB.getByTestId('general-name')).toHaveValue('Named on tablet B');
  const stored = await tabletA.request.get(`/api/installations/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await stored.json()) as { name: string }).name).toBe('Named on tablet A');

  // Reload shows the other tablet's save.
  await tabletB.getByTestId('conflict-notice').getByRole('button', { name: 'Reload' }).click();
  await expect(tabletB.getByTestId('general-name')).toHaveValue('Named on tablet A');

  await tabletA.request.delete(`/api/installations/${id}`, { headers: { authorization: `Bearer ${token}` } });
});

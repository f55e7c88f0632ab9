import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { admin, expect, expectAccessible, signInViaApi, test, uniqueEmail } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const lastLine = (output: string) => output.split('\n').at(-1)!.trim();

/** 13 digits that no other run produces: the last 10 digits of the time in ms and 3 random ones. */
const imeiStamp = () => `${String(Date.now()).slice(-10)}${Math.floor(Math.random() * 1000).toString().padStart(3, '0')}`;
/** A 15-digit IMEI: 9, the run's stamp and the unit's index. */
const uniqueImei = (stamp: string, index: number) => `9${stamp}${index}`;

type RegistryRow = [serial: string, modules: number, version: string, capacity: number, controller: string, type: 'HV' | 'LV', hw: string, fw: string, unit: string, imei: string, iccid: string];

function registryCsv(rows: RegistryRow[], separator = ','): string {
  const header = 'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid';
  return [header.replaceAll(',', separator), ...rows.map((row) => row.join(separator))].join('\n') + '\n';
}

/** Dialogs fade in: colours are checked once the dialog is fully shown. */
async function shownFully(dialog: Locator): Promise<void> {
  await expect(dialog).toHaveCSS('opacity', '1');
}

function writeTempFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, 'utf8');
  return file;
}

test.describe('partners', () => {
  test('an installer adds, edits and deletes a partner', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('partners'));
    const tag = unique();
    const name = `E2E Partner ${tag}`;
    const renamed = `E2E Partner ${tag} GmbH`;
    const email = `partner.${tag}@example.com`;

    await page.goto('/#/sono');
    await page.getByRole('link', { name: 'Partners' }).click();
    // Off the menu again: the accessibility checks below look at the page at rest, not at a hovered link.
    await page.mouse.move(0, 0);
    await expect(page).toHaveURL(/#\/sono\/partners$/);
    await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();

    await page.getByTestId('partner-add').click();
    const form = page.getByTestId('partner-form');
    await form.getByTestId('partner-name').fill(name);
    await form.getByTestId('partner-email').fill(email.toUpperCase());
    await form.getByTestId('partner-save').click();
    await expect(form).toBeHidden();
    const row = page.getByTestId('partner-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(email);
    await expectAccessible(page, 'partners');

    // The same name again is refused beside the name field.
    await page.getByTestId('partner-add').click();
    await form.getByTestId('partner-name').fill(name.toLowerCase());
    await form.getByTestId('partner-email').fill(`other.${tag}@example.com`);
    await form.getByTestId('partner-save').click();
    await expect(form.getByText('A partner with this name already exists.')).toBeVisible();
    await shownFully(form);
    await expectAccessible(page, 'partner form with an error');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(form.getByTestId('partner-email')).toHaveValue(email);
    await form.getByTestId('partner-name').fill(renamed);
    await form.getByTestId('partner-save').click();
    await expect(form).toBeHidden();
    const renamedRow = page.getByTestId('partner-row').filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();
    // The saved toast closes by itself: the dialog below is judged on its own, not under a toast that is closing.
    await expect(page.getByText(`The partner “${renamed}” has been saved.`)).toBeHidden();

    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByTestId('delete-partner-dialog');
    await expect(dialog).toContainText(`Do you really want to delete the partner “${renamed}”?`);
    await expect(dialog).toContainText('No installation is assigned to this partner.');
    await shownFully(dialog);
    await expectAccessible(page, 'delete partner dialog');
    await dialog.getByTestId('partner-delete-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('partner-row').filter({ hasText: renamed })).toHaveCount(0);
  });
});

test.describe('admin', () => {
  test('an admin imports new systems from CSV and an installer can start an installation on one', async ({ page, request }) => {
    const adminEmail = uniqueEmail('registry-admin');
    // Users made by the CLI get only what it grants: this one is an admin of sono before the first sign-in.
    admin('grant', adminEmail, '--fleet', 'sono', '--role', 'admin');
    await signInViaApi(page, adminEmail);

    const tag = unique().toUpperCase();
    const stamp = imeiStamp();
    const serial = (n: number) => `SN-E2E-${tag}-000${n}`;
    const rows: RegistryRow[] = [
      [serial(1), 10, 'SBS-M 2.1', 4000, `CC-E2E-${tag}-1A`, 'HV', '1.2', '3.4.0', 'TCU-4G v3', uniqueImei(stamp, 1), '0'],
      [serial(1), 10, 'SBS-M 2.1', 4000, `CC-E2E-${tag}-1B`, 'LV', '1.2', '3.4.0', '', '', ''],
      [serial(2), 8, 'SBS-M 2.1', 3200, `CC-E2E-${tag}-2A`, 'HV', '1.2', '3.4.0', 'TCU-4G v3', uniqueImei(stamp, 2), '8949226000000000099'],
      [serial(3), 6, 'SBS-M 2.0', 2400, `CC-E2E-${tag}-3A`, 'LV', '1.1', '3.3.2', 'TCU-LTE-M v2', uniqueImei(stamp, 3), '0'],
    ];
    const broken = rows.map((row, index) => (index === 2 ? ([...row.slice(0, 9), '12345', row[10]] as RegistryRow) : row));
    const brokenFile = writeTempFile('registry-broken.csv', registryCsv(broken, ';'));
    const goodFile = writeTempFile('registry.csv', registryCsv(rows));

    try {
      await page.goto('/#/sono');
      await page.getByRole('link', { name: 'Admin' }).click();
      await page.mouse.move(0, 0);
      await expect(page).toHaveURL(/#\/sono\/admin$/);
      await expect(page.getByRole('tab', { name: 'Product registry', selected: true })).toBeVisible();
      await expect(page.getByTestId('csv-format')).toContainText('installed_capacity_wp');
      await expect(page.getByTestId('registry-row').first()).toBeVisible();
      await expectAccessible(page, 'product registry');

      const [example] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-example').click()]);
      expect(example.suggestedFilename()).toBe('registry-example.csv');

      await page.getByTestId('registry-import').click();
      const dialog = page.getByTestId('import-dialog');
      const fileInput = dialog.locator('input[type="file"]');

      // A file with a problem: the dry run names its line and Import stays disabled.
      await fileInput.setInputFiles(brokenFile);
      const errors = dialog.getByTestId('import-error');
      await expect(errors).toHaveCount(1);
      await expect(errors.first()).toContainText('Line 4:');
      await expect(errors.first()).toContainText('imei');
      await expect(dialog.getByTestId('import-submit')).toBeDisabled();
      await shownFully(dialog);
      await expectAccessible(page, 'import report with problems');

      await fileInput.setInputFiles(goodFile);
      await expect(dialog.getByTestId('import-ok')).toBeVisible();
      await expect(dialog.getByTestId('import-rows')).toHaveText('4');
      await expect(dialog.getByTestId('import-systems')).toHaveText('3');
      await expect(dialog.getByTestId('import-controllers')).toHaveText('4');
      await expect(dialog.getByTestId('import-submit')).toBeEnabled();
      await dialog.getByTestId('import-submit').click();
      await expect(dialog).toBeHidden();

      await page.getByTestId('registry-search').fill(`SN-E2E-${tag}`);
      await expect(page.getByTestId('registry-row')).toHaveCount(3);
      const first = page.getByTestId('registry-row').filter({ hasText: serial(1) });
      await first.getByRole('button', { name: `Show devices of ${serial(1)}` }).click();
      await expect(page.getByTestId('system-devices')).toContainText(`CC-E2E-${tag}-1B`);
      await expect(page.getByTestId('system-devices')).toContainText(uniqueImei(stamp, 1));
      await expectAccessible(page, 'product registry with a system opened');

      // The export is the import format, so it carries the new systems back out.
      const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('registry-export').click()]);
      expect(exported.suggestedFilename()).toBe('registry-sono.csv');
      const exportedCsv = fs.readFileSync(await exported.path(), 'utf8');
      expect(exportedCsv.split('\n')[0]).toBe(registryCsv([]).trim());
      expect(exportedCsv).toContain(`${serial(3)},6,SBS-M 2.0,2400,CC-E2E-${tag}-3A,LV`);

      await page.getByRole('tab', { name: 'Access' }).click();
      await expect(page.getByTestId('member-row').filter({ hasText: adminEmail })).toContainText('You');
      await expectAccessible(page, 'access');
    } finally {
      fs.rmSync(path.dirname(brokenFile), { recursive: true, force: true });
      fs.rmSync(path.dirname(goodFile), { recursive: true, force: true });
    }

    const installerEmail = uniqueEmail('registry-installer');
    admin('grant', installerEmail, '--fleet', 'sono');
    const token = lastLine(admin('token', installerEmail));
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post('/api/installations', {
      data: { systemSerialNumber: serial(2), startDate: '2026-11-20', name: `E2E import ${tag}` },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const removed = await request.delete(`/api/installations/${id}`, { headers });
    expect(removed.status()).toBe(204);
  });

  test('an installer opening #/sono/admin sees the access denied screen', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('not-admin'));
    await page.goto('/#/sono');
    await expect(page.getByRole('link', { name: 'Installations' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/#/sono/admin');
    await expect(page.getByTestId('access-denied')).toContainText('You do not have permission to access this page.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectAccessible(page, 'admin area denied');
  });
});

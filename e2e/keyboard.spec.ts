import type { Locator, Page } from '@playwright/test';
import { admin, expect, expectAccessible, signInViaApi, test, uniqueEmail } from './fixtures';
import { jpegDataUrl } from './installation-api';

// A system of its own, imported as an operator would, so this spec shares no serial number with the others
// and may end completed. The e2e server's simulated devices report about 4 s after a check run starts.
const unique = Date.now().toString().slice(-9);
const SERIAL = `SN-KEYS-${unique}`;
const CONTROLLER = `CC-KEYS-${unique}`;

async function importSystem(page: Page, token: string): Promise<void> {
  const csv = [
    'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid',
    `${SERIAL},8,SBS-M 2.1,960,${CONTROLLER},LV,HW 3.2,1.8.3,TCU-4G v3,357${unique.padStart(12, '0')},`,
  ].join('\n');
  const res = await page.request.post('/api/admin/sono/systems/import', { data: csv, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } });
  expect(res.status(), await res.text()).toBe(200);
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Tab (or Shift+Tab) until the target has the focus, as someone without a mouse moves through a page. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

/** The focused control shows a focus ring. */
async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style, 'focus outline').not.toBe('none');
  expect(ring.width, 'focus outline width').toBeGreaterThanOrEqual(2);
}

/** Walks a select's options with the arrow key until it shows `option`. */
async function chooseWithKeys(page: Page, select: Locator, option: string): Promise<void> {
  await tabTo(page, select);
  const chosen = select.locator('option:checked');
  for (let i = 0; i < 10 && (await chosen.textContent()) !== option; i++) await page.keyboard.press('ArrowDown');
  await expect(chosen).toHaveText(option);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Fields of a tab filled in order: a text box typed into, or a select chosen with the arrow keys. */
type KeyedField = { textbox: string; value: string } | { combobox: string; value: string };

async function fillWithKeys(page: Page, fields: KeyedField[]): Promise<void> {
  for (const field of fields) {
    if ('textbox' in field) await typeInto(page, page.getByRole('textbox', { name: field.textbox }), field.value);
    else await chooseWithKeys(page, page.getByRole('combobox', { name: field.combobox }), field.value);
  }
}

/** Tab to a checkbox (with or without checking its focus ring) and tick it with Space. */
async function tickWithSpace(page: Page, checkbox: Locator, { ring = false } = {}): Promise<void> {
  await tabTo(page, checkbox);
  if (ring) await expectFocusRing(checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
}

async function photo(page: Page, name: string, hue: number) {
  const dataUrl = await jpegDataUrl(page, hue);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

const stepTitle = (page: Page) => page.getByTestId('step-title');
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

async function next(page: Page, title: string): Promise<void> {
  await tabTo(page, nextButton(page));
  await expectFocusRing(nextButton(page));
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText(title);
  // The new step starts at its title.
  await expect(stepTitle(page)).toBeFocused();
}

test('an installer records and completes an installation with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard');
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  await signInViaApi(page, email);
  await importSystem(page, admin('token', email).split('\n').at(-1)!.trim());
  const name = `Keyboard van ${unique}`;

  // Fleet home: Add new installation, then the checklist.
  await page.goto('/#/sono');
  const add = page.getByRole('button', { name: 'Add new installation' });
  await tabTo(page, add);
  await expectFocusRing(add);
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Pre-installation');
  const start = page.getByRole('button', { name: 'Start', exact: true });
  await tabTo(page, start);
  await expectFocusRing(start);
  await page.keyboard.press('Enter');

  // General: serial number, a start date from the calendar, the name.
  await expect(stepTitle(page)).toHaveText('General');
  await expect(stepTitle(page)).toBeFocused();
  await typeInto(page, page.getByRole('textbox', { name: 'Product serial number' }), SERIAL);
  const date = page.getByRole('button', { name: /Start date/ });
  await tabTo(page, date);
  await page.keyboard.press('Enter');
  const today = new Date();
  const chosen = new Date(today);
  const dayButton = (day: Date) => page.getByRole('button', { name: `${day.getDate()} ${day.toLocaleString('en-US', { month: 'long' })} ${day.getFullYear()}`, exact: true });
  await tabTo(page, dayButton(today));
  if (today.getDate() > 1) {
    chosen.setDate(today.getDate() - 1);
    await page.keyboard.press('ArrowLeft');
    await expect(dayButton(chosen)).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(date).toBeFocused();
  const shown = `${String(chosen.getMonth() + 1).padStart(2, '0')}/${String(chosen.getDate()).padStart(2, '0')}/${chosen.getFullYear()}`;
  await expect(date).toHaveText(shown);
  await typeInto(page, page.getByRole('textbox', { name: 'Installation name' }), name);
  await next(page, 'Customer');
  await expect(page).toHaveURL(/#\/sono\/installations\/\d+\?tab=customer$/);

  // Customer: the acknowledgement with Space.
  await tickWithSpace(page, page.getByRole('checkbox', { name: 'I confirm that the customer information is correct.' }), { ring: true });
  await next(page, 'Vehicle');

  // Vehicle: selects with the arrow keys, a city from the suggestions.
  await fillWithKeys(page, [{ combobox: 'Vehicle type', value: 'Van' }, { textbox: 'Manufacturer', value: 'Mercedes-Benz' }, { textbox: 'Model', value: 'eSprinter' }, { textbox: 'Year', value: '2024' }]);
  await fillWithKeys(page, [{ combobox: 'Drive type', value: 'Electric' }, { combobox: 'Battery type', value: 'High voltage' }, { textbox: 'Battery capacity', value: '113' }]);
  await fillWithKeys(page, [{ textbox: 'VIN', value: 'WMA06XZZ5LM123458' }, { textbox: 'Mileage', value: '1200' }]);
  // The city is a plain field until there are suggestions; their list then takes its place and keeps the focus.
  await tabTo(page, page.getByRole('textbox', { name: 'City (optional)' }));
  await page.keyboard.type('Munich');
  await expect(page.getByRole('option', { name: /Munich/ }).first()).toBeVisible();
  const city = page.getByRole('combobox', { name: 'City (optional)' });
  await expect(city).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(city).toHaveValue(/^Munich/);
  await next(page, 'System');

  // System: the serial numbers acknowledged.
  await tickWithSpace(page, page.getByRole('checkbox', { name: /serial numbers of the charge controllers/ }));
  await next(page, 'Setup');

  // Setup: one low voltage controller.
  await fillWithKeys(page, [{ textbox: 'PV modules', value: '8' }, { textbox: 'Active channels', value: '8' }]);
  await fillWithKeys(page, [{ combobox: 'Power LED', value: 'Constantly lit' }, { combobox: 'Status LED', value: 'Blinking' }, { combobox: 'Fault LED', value: 'Off' }]);
  await next(page, 'Uploads');

  // Uploads: the file picker opens with Enter on its button.
  for (const [slot, file, hue] of [
    ['PV modules', 'pv-modules.jpg', 30],
    ['Telematics unit and MCU', 'telematics-mcu.jpg', 200],
  ] as const) {
    const pick = page.getByRole('button', { name: `Choose files for ${slot}` }).filter({ hasText: /^Choose files$/ });
    // Playwright takes over the browser's file picker once it is asked to, a message that is not answered:
    // asked before the walk to the button, it has certainly arrived by the time Enter opens the picker.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, pick);
    await expectFocusRing(pick);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(await photo(page, file, hue));
    await expect(page.getByText(file)).toBeVisible({ timeout: 20_000 });
  }
  await next(page, 'Digital check');

  // Digital check: every result seen and ticked with Space.
  const seen = page.getByRole('checkbox', { name: /^I have seen the result of/ });
  // One system of one controller: the telematics unit, the controller, the ignition and the sense line.
  await expect(seen).toHaveCount(4);
  await expect(page.getByText('All checks passed')).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 4; i++) await tickWithSpace(page, seen.nth(i), { ring: true });
  await next(page, 'Summary');

  // Summary: a comment, the confirmation, Submit.
  await expect(page.getByText('WMA06XZZ5LM123458')).toBeVisible();
  await typeInto(page, page.getByRole('textbox', { name: 'Comments' }), 'Recorded without a mouse.');
  await tickWithSpace(page, page.getByRole('checkbox', { name: 'I confirm that all information in this summary is correct.' }));
  const submit = page.getByRole('button', { name: 'Submit installation' });
  await tabTo(page, submit);
  await expectFocusRing(submit);
  await page.keyboard.press('Enter');

  // The confirmation takes the focus; Enter on its link returns to the fleet home.
  const modal = page.getByRole('dialog', { name: 'Installation completed' });
  await expect(modal).toContainText(`Solar System Installation for Product Number ${SERIAL} completed.`);
  const back = modal.getByRole('link', { name: 'Return to fleet home' });
  await expect(back).toBeFocused();
  await expectAccessible(page, 'completion modal reached by keyboard');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/sono$/);
  const row = page.getByTestId('installation-row').filter({ hasText: name });
  await expect(row).toContainText('Completed');
});

test('on a phone the folded menu is skipped by Tab until it is opened, and marks the page it leads to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, uniqueEmail('phone-menu'));
  await page.goto('/#/sono');
  const add = page.getByRole('button', { name: 'Add new installation' });
  await expect(add).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const installations = menu.getByRole('link', { name: 'Installations' });
  await expect(installations).toBeHidden();

  // Tab runs from the top of the page to its button without stopping in the folded menu.
  const isInMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest('nav[aria-label="Main menu"]')));
  for (let i = 0; i < 40 && !(await add.evaluate((element) => element === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    expect(await isInMenu(), 'focus inside the folded menu').toBe(false);
  }
  await expect(add).toBeFocused();

  const burger = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, burger, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await tabTo(page, installations);
  await expectFocusRing(installations);
  await expectAccessible(page, 'menu open on a phone');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/sono\/installations$/);
  // The menu folds away after the move and the page it led to is the marked one.
  await expect(installations).toBeHidden();
  await burger.click();
  await expect(installations).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', /.*/);
});

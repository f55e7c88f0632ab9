import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { E2E_PROD_PORT } from './config.mjs';
import { expect, expectAccessible, readSignInMail, test } from './fixtures';
import { jpegDataUrl } from './installation-api';
import { customerStep, passedChecksStep, setupStep, systemStep, vehicleStep } from './wizard-steps';

/**
 * The README's "First production start", walked through in a browser: a server in production mode
 * (demo off, no seed) on a fresh PostgreSQL database, SMTP unset so sign-in mails land in the outbox.
 * The operator CLI makes the first operator; everything after that is done in the UI as people would.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE_URL = `http://localhost:${E2E_PROD_PORT}`;
const DATA_DIR = path.join(ROOT, 'e2e', '.tmp', `production-${E2E_PROD_PORT}`);
const OUTBOX = path.join(DATA_DIR, 'outbox');
const DEVICE_KEY = randomBytes(24).toString('hex');
const BASE_DB_URL = process.env.TEST_DATABASE_URL;

const OPERATOR = 'ops@kit-vendor.example';
const FLEET_ADMIN = 'lead@nordbus-installers.example';
const INSTALLER = 'fitter@nordbus-installers.example';
const SERIAL = 'SN-NB-0001';
const CONTROLLER = 'CC-NB-0001-A';
const IMEI = '356938035699001';

test.skip(!BASE_DB_URL, 'TEST_DATABASE_URL is not set: the production-path test needs a PostgreSQL server to start the portal on');
test.use({ baseURL: BASE_URL });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let databaseUrl = '';
let databaseName = '';
let serverEnv: NodeJS.ProcessEnv = {};

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: BASE_DB_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitForHealth(child: ChildProcess) {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the production server exited with ${child.exitCode}; see ${path.join(DATA_DIR, 'server.log')}`);
        return fetch(`${BASE_URL}/api/health`).then((r) => r.ok, () => false);
      },
      { message: 'the production server did not become healthy', timeout: 90_000, intervals: [250] },
    )
    .toBe(true);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  databaseName = `portal_e2e_production_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${databaseName}"`);
  const url = new URL(BASE_DB_URL!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();

  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  serverEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(48).toString('base64'),
    PUBLIC_URL: BASE_URL,
    PORT: String(E2E_PROD_PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    DEVICE_API_KEYS: DEVICE_KEY,
    LOG_LEVEL: 'info',
  };
  const log = fs.openSync(path.join(DATA_DIR, 'server.log'), 'a');
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: ROOT, env: serverEnv, stdio: ['ignore', log, log] });
  await waitForHealth(server);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (databaseName) await adminQuery(`drop database if exists "${databaseName}" with (force)`);
});

/** `npm run admin -- ...` against the production database, as the vendor would run it on the host. */
function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/admin.mjs', ...args], { cwd: ROOT, env: serverEnv, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/**
 * Sign-in through the login page with the 6-digit code from the mail in the outbox. A person's first
 * sign-in asks for their name: `name` answers it.
 */
async function signIn(page: Page, email: string, name?: string) {
  // Whoever was signed in leaves first; the logout ends on the login page.
  await page.goto('/#/logout');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByTestId('login-email')).toBeVisible();
  const started = Date.now();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-request').click();
  const { code } = await readSignInMail(email, started - 1000, OUTBOX);
  await page.getByTestId('login-code').fill(code);
  await expect(page).not.toHaveURL(/#\/login/);
  if (name) {
    const dialog = page.getByTestId('display-name-dialog');
    await dialog.getByTestId('display-name').fill(name);
    await dialog.getByTestId('display-name-save').click();
    await expect(dialog).toBeHidden();
  }
}

/** Fills the text fields of an operator form (keyed by their test ids, in order) and saves it with the button `save`. */
async function fillAndSave(form: Locator, fields: Record<string, string>, save: string) {
  for (const [testId, value] of Object.entries(fields)) await form.getByTestId(testId).fill(value);
  await form.getByTestId(save).click();
}

test('from an empty production database to a completed installation', async ({ page }) => {
  test.setTimeout(240_000);

  // Nothing is seeded: no fleets, no companies.
  const empty = new pg.Client({ connectionString: databaseUrl });
  await empty.connect();
  expect((await empty.query('select count(*)::int as n from fleet')).rows[0].n).toBe(0);
  await empty.end();

  // The vendor makes the first operator with the CLI; bad input is refused with a clear message.
  const bad = cli('operator', 'add', 'not-an-address');
  expect(bad.status).not.toBe(0);
  expect(bad.stderr).toContain('email is not a valid email address');
  const made = cli('operator', 'add', OPERATOR);
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toBe(`Created ${OPERATOR}: portal operator`);

  // The operator signs in and lands in the operator area: no fleet of their own.
  await signIn(page, OPERATOR, 'Olga Operator');
  await expect(page).toHaveURL(/#\/operator/);
  await expect(page.getByTestId('operator-tab-fleets')).toBeVisible();
  await expect(page.getByText('No fleets yet.')).toBeVisible();

  await page.getByTestId('fleet-create').click();
  const fleetForm = page.getByTestId('fleet-form');
  await fillAndSave(fleetForm, { 'fleet-slug': 'nordbus', 'fleet-name': 'Nordbus Fleet', 'fleet-customer': 'Nordbus Verkehrsbetriebe AG', 'fleet-contact': 'Jana Petersen', 'fleet-email': 'fleet@nordbus.example' }, 'fleet-save');
  await expect(fleetForm).toBeHidden();
  await expect(page.getByTestId('operator-fleet-row')).toContainText('Nordbus Fleet');
  await expectAccessible(page, 'operator area, fleets');

  // A taken slug is refused beside its field.
  await page.getByTestId('fleet-create').click();
  await fillAndSave(fleetForm, { 'fleet-slug': 'nordbus', 'fleet-name': 'Another fleet', 'fleet-customer': 'Another customer', 'fleet-contact': 'Someone', 'fleet-email': 'another@nordbus.example' }, 'fleet-save');
  await expect(fleetForm.getByText('The fleet with this slug is already in use')).toBeVisible();
  await expectAccessible(page, 'fleet form with a taken slug');
  await fleetForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(fleetForm).toBeHidden();

  await page.getByTestId('operator-tab-companies').click();
  await page.getByTestId('company-create').click();
  const companyForm = page.getByTestId('company-form');
  await fillAndSave(companyForm, { 'company-name': 'Nordbus Installers GmbH', 'company-short-name': 'NBI', 'company-email': 'office@nordbus-installers.example' }, 'company-save');
  await expect(companyForm).toBeHidden();
  await expect(page.getByTestId('operator-company-row')).toContainText('Nordbus Installers GmbH');
  await expectAccessible(page, 'operator area, installer companies');

  // The first admin of the fleet, working for the new company.
  await page.getByTestId('operator-tab-fleets').click();
  await page.getByTestId('fleet-make-admin').click();
  const personForm = page.getByTestId('person-form');
  await personForm.getByTestId('person-email').fill(FLEET_ADMIN);
  await personForm.getByTestId('person-company').selectOption({ label: 'Nordbus Installers GmbH (NBI)' });
  await personForm.getByTestId('person-save').click();
  await expect(personForm).toBeHidden();
  await expect(page.getByTestId('operator-fleet-row')).toContainText(FLEET_ADMIN);

  // The operator is not a member of the fleet they made.
  await page.goto('/#/nordbus');
  await expect(page.getByTestId('access-denied')).toBeVisible();

  // The fleet admin imports the product registry and invites an installer.
  await signIn(page, FLEET_ADMIN, 'Lena Lead');
  await expect(page).toHaveURL(/#\/nordbus$/);
  await page.goto('/#/nordbus/admin');
  await page.getByTestId('registry-import').click();
  const dialog = page.getByTestId('import-dialog');
  const csv = [
    'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid',
    `${SERIAL},8,SBS-M 2.1,960,${CONTROLLER},HV,HW 3.2,1.8.3,TCU-4G v3,${IMEI},8949226000000009001`,
  ].join('\n');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'registry.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('import-ok')).toBeVisible();
  await dialog.getByTestId('import-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(SERIAL)).toBeVisible();

  await page.getByTestId('admin-tab-access').click();
  await page.getByTestId('invite-email').fill(INSTALLER);
  await page.getByTestId('invite-submit').click();
  await expect(page.locator(`[data-testid="member-row"][data-email="${INSTALLER}"]`)).toBeVisible();

  // The installer signs in and records the installation.
  await signIn(page, INSTALLER, 'Fiete Fitter');
  await expect(page).toHaveURL(/#\/nordbus$/);
  await page.getByRole('button', { name: 'Add new installation' }).click();
  await page.getByTestId('pre-start').click();
  await page.getByTestId('general-serial').fill(SERIAL);
  await page.getByTestId('general-name').fill('Bus 7, roof kit');
  await page.getByTestId('step-next').click();
  await expect(page).toHaveURL(/#\/nordbus\/installations\/\d+\?tab=customer$/);
  await expect(page.getByTestId('customer-name')).toHaveValue('Nordbus Verkehrsbetriebe AG');
  await customerStep(page);

  await vehicleStep(page, { type: 'Bus', manufacturer: 'MAN', model: "Lion's City E", year: '2024', batteryCapacity: '480', vin: 'WMAA51ZZ5NM000007', mileage: '3000' });
  await systemStep(page);
  await setupStep(page, { pvModules: '8', channels: '7', statusLed: 'On' });

  await expect(page.getByTestId('step-title')).toHaveText('Uploads');
  const photo = async (name: string, hue: number) => ({ name, mimeType: 'image/jpeg', buffer: Buffer.from((await jpegDataUrl(page, hue)).split(',')[1]!, 'base64') });
  const picker = page.getByTestId('upload-input-pvModules');
  await expect(picker).toBeAttached({ timeout: 20_000 });
  await picker.setInputFiles(await photo('pv-modules.jpg', 40));
  await page.getByTestId('upload-input-telematics-mcu').setInputFiles(await photo('telematics.jpg', 220));
  await expect(page.getByTestId('upload-slot-telematics-mcu').getByText('telematics.jpg')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('step-next').click();

  // The vehicle's gateway reports its heartbeats, as it would on site.
  await expect(page.getByTestId('step-title')).toHaveText('Digital check');
  const rows = page.getByTestId('check-row');
  await expect(rows).toHaveCount(4);
  const heartbeat = await page.request.post('/api/devices/heartbeats', {
    headers: { 'x-api-key': DEVICE_KEY },
    data: [
      { type: 'telematics-heartbeat', imei: IMEI, timestamp: new Date().toISOString() },
      { type: 'ignition-heartbeat', imei: IMEI, timestamp: new Date().toISOString() },
      { type: 'sense-line-connection', imei: IMEI, timestamp: new Date().toISOString() },
      { type: 'mcu-heartbeat', imei: IMEI, controllerSerial: CONTROLLER, totalMcu: 1, timestamp: new Date().toISOString() },
    ],
  });
  expect(heartbeat.ok()).toBe(true);
  await passedChecksStep(page, 4);

  // The summary names the installer and their company, then the installation is submitted.
  await expect(page.getByTestId('step-title')).toHaveText('Summary');
  const installer = page.getByTestId('summary-installer');
  await expect(installer).toContainText('Nordbus Installers GmbH');
  await expect(installer).toContainText('NBI');
  await expect(installer).toContainText(INSTALLER);
  await page.getByTestId('summary-confirm').check();
  await page.getByTestId('summary-submit').click();
  await expect(page.getByTestId('completion-modal')).toContainText(`Solar System Installation for Product Number ${SERIAL} completed.`);

  // The fleet admin sees it completed, created by the installer; the summary still names the installer.
  await signIn(page, FLEET_ADMIN);
  const row = page.getByTestId('installation-row').filter({ hasText: 'Bus 7, roof kit' });
  await expect(row).toContainText('Completed');
  await expect(row.getByTestId('installation-creator')).toHaveText('Fiete Fitter');
  await row.getByRole('link', { name: 'Bus 7, roof kit', exact: true }).click();
  await expect(page.getByTestId('summary-installer')).toContainText(INSTALLER);
  await expect(page.getByTestId('summary-installer')).toContainText('Fiete Fitter');
});

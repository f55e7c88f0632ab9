import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { rowError, type ImportReport } from '@portal/domain/registry';
import { i18n } from '@/lib/i18n';
import { fakeFetch, renderWithProviders } from '@/test/render';
import type { RegistrySystem } from '../api/get-registry';
import { RegistryPanel } from './registry-panel';
import { signInApiForEachTest } from '@/test/signed-in-api';

type Routes = Parameters<typeof fakeFetch>[0];

const SYSTEMS_PATH = '/api/admin/sono/systems';
const IMPORT_PATH = '/api/admin/sono/systems/import';

function createSystem(serialNumber: string, overrides: Partial<RegistrySystem> = {}): RegistrySystem {
  return {
    serialNumber,
    pvModuleCount: 12,
    pvModuleVersion: 'SBS-M 2.1',
    installedCapacity: 4200,
    controllerQuantity: 2,
    chargeControllers: [
      { serialNumber: `CC-${serialNumber}-A`, type: 'HV', hardwareVersion: '1.2', firmwareVersion: '3.4.0' },
      { serialNumber: `CC-${serialNumber}-B`, type: 'LV', hardwareVersion: '1.1', firmwareVersion: '3.3.2' },
    ],
    telematics: [{ unit: 'TCU-4G v3', imei: '356938035643801', iccid: '8949226000000000011' }],
    ...overrides,
  };
}

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  dryRun: true,
  rows: 3,
  systems: 2,
  controllers: 3,
  added: 1,
  updated: 1,
  unchanged: 0,
  errors: [],
  imported: false,
  ...overrides,
});

const CSV = 'serial_number,pv_module_count\nSN-1,12\n';

function renderPanel(routes: Routes) {
  const fake = fakeFetch({
    [`GET ${SYSTEMS_PATH}`]: (_init, url) => {
      const q = url.searchParams.get('q') ?? '';
      const items = [createSystem('SN-DEMO-0001'), createSystem('SN-DEMO-0002')].filter((s) => s.serialNumber.includes(q));
      return { body: { total: items.length, page: 1, pageSize: 20, items } };
    },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetchFn);
  renderWithProviders(
    <>
      <Notifications />
      <RegistryPanel fleet="sono" onRetryAccess={() => undefined} />
    </>,
  );
  const importCalls = () => fake.calls.filter((call) => call.method === 'POST' && call.path === IMPORT_PATH);
  return { fake, importCalls };
}

async function chooseFile(text: string, name = 'systems.csv', type = 'text/csv') {
  fireEvent.click(await screen.findByTestId('registry-import'));
  const dialog = await screen.findByTestId('import-dialog');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type })] } });
  return within(dialog);
}

signInApiForEachTest();

describe('RegistryPanel', () => {
  it('lists the systems and opens a row to show its charge controllers and telematics units', async () => {
    renderPanel({});
    const rows = await screen.findAllByTestId('registry-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('SN-DEMO-0001');
    expect(rows[0]!.textContent).toContain('12 × SBS-M 2.1');
    expect(rows[0]!.textContent).toContain('4,200 Wp');
    expect(screen.queryByTestId('system-devices')).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Show devices of SN-DEMO-0001' });
    fireEvent.click(toggle);
    const devices = within(await screen.findByTestId('system-devices'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(devices.getByText('CC-SN-DEMO-0001-A')).toBeTruthy();
    expect(devices.getByText('CC-SN-DEMO-0001-B')).toBeTruthy();
    expect(devices.getByText('3.4.0')).toBeTruthy();
    expect(devices.getByText('8949226000000000011')).toBeTruthy();
  });

  it('searches by serial number on the server', async () => {
    const { fake } = renderPanel({});
    await screen.findAllByTestId('registry-row');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by serial number' }), { target: { value: '0002' } });
    await waitFor(() => expect(screen.getAllByTestId('registry-row')).toHaveLength(1));
    const last = fake.calls.filter((call) => call.path === SYSTEMS_PATH).at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ page: '1', pageSize: '20', q: '0002' });
  });

  it('checks a chosen file at once, lists every problem with its line and keeps Import disabled', async () => {
    const { importCalls } = renderPanel({
      [`POST ${IMPORT_PATH}`]: {
        body: report({
          errors: [
            rowError(3, { code: 'imeiFormat', params: { column: 'imei' } }),
            rowError(5, { code: 'noTelematics', params: { serial: 'SN-9' } }),
            // A problem this version of the app has no text for: the server's sentence is shown.
            { line: 6, code: 'somethingNew', params: {}, message: 'something new is wrong' },
          ],
        }),
      },
    });
    const dialog = await chooseFile(CSV);
    expect(await dialog.findByTestId('import-report')).toBeTruthy();

    expect(importCalls()).toHaveLength(1);
    const call = importCalls()[0]!;
    expect(call.query.get('dryRun')).toBe('true');
    const body = call.init?.body as Blob;
    expect(body.type).toBe('text/csv');
    expect(await body.text()).toBe(CSV);
    expect(new Headers(call.init?.headers).get('content-type')).toBe('text/csv');

    expect(dialog.getByTestId('import-rows').textContent).toBe('3');
    expect(dialog.getByTestId('import-systems').textContent).toBe('2');
    expect(dialog.getByTestId('import-controllers').textContent).toBe('3');
    const errors = dialog.getAllByTestId('import-error');
    expect(errors.map((item) => item.textContent)).toEqual([
      'Line 3: imei must have 15 digits.',
      'Line 5: System SN-9 has no telematics unit: give its IMEI on one of its rows.',
      'Line 6: something new is wrong',
    ]);
    expect(dialog.getByText(/The file has 3 problems/)).toBeTruthy();
    expect(dialog.getByTestId('import-submit').hasAttribute('disabled')).toBe(true);

    await i18n.changeLanguage('de');
    expect(dialog.getAllByTestId('import-error').map((item) => item.textContent)).toEqual([
      'Zeile 3: imei muss 15 Ziffern haben.',
      'Zeile 5: System SN-9 hat keine Telematikeinheit: Geben Sie ihre IMEI in einer seiner Zeilen an.',
      'Zeile 6: something new is wrong',
    ]);
  });

  it('marks the telematics columns as needed once per system, not as optional, and says so in one way', async () => {
    renderPanel({});
    const help = await screen.findByTestId('csv-format');
    const rowOf = (column: string) => within(help).getByText(column).closest('tr')!;
    for (const column of ['imei', 'telematics_unit']) {
      expect(rowOf(column).textContent).toContain('once per system');
      expect(rowOf(column).textContent).not.toMatch(/optional/i);
    }
    expect(rowOf('imei').textContent).toContain('Give it on at least one row of each system');
    expect(rowOf('iccid').textContent).toMatch(/optional/i);
  });

  it('imports a clean file after the check, then refreshes the list and says how many systems came in', async () => {
    const { fake, importCalls } = renderPanel({
      [`POST ${IMPORT_PATH}`]: (_init, url) => ({ body: report({ dryRun: url.searchParams.get('dryRun') === 'true', imported: url.searchParams.get('dryRun') === 'false' }) }),
    });
    await screen.findAllByTestId('registry-row');
    const listCalls = () => fake.calls.filter((call) => call.path === SYSTEMS_PATH).length;
    const before = listCalls();

    const dialog = await chooseFile(CSV);
    expect(await dialog.findByTestId('import-ok')).toBeTruthy();
    const okText = dialog.getByTestId('import-ok').textContent;
    const submit = dialog.getByTestId('import-submit');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);

    expect(okText).toBe('No problems found. Systems to add: 1, to update: 1, unchanged: 0.');
    expect((await screen.findByTestId('registry-imported')).textContent).toBe('Import complete. Systems added: 1, updated: 1, unchanged: 0.');
    expect(importCalls().map((call) => call.query.get('dryRun'))).toEqual(['true', 'false']);
    expect(await (importCalls()[1]!.init?.body as Blob).text()).toBe(CSV);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
  });

  it('shows the problems of a refused import (422) and imports nothing', async () => {
    renderPanel({
      [`POST ${IMPORT_PATH}`]: (_init, url) =>
        url.searchParams.get('dryRun') === 'true'
          ? { body: report() }
          : {
              status: 422,
              body: {
                status: 422,
                code: 'UNPROCESSABLE',
                message: 'The file has 1 problem(s); nothing was imported',
                details: report({ dryRun: false, errors: [rowError(2, { code: 'systemExists', params: { serial: 'SN-1' } })] }),
              },
            },
    });
    const dialog = await chooseFile(CSV);
    await waitFor(() => expect(dialog.getByTestId('import-submit').hasAttribute('disabled')).toBe(false));
    fireEvent.click(dialog.getByTestId('import-submit'));
    expect((await dialog.findByTestId('import-error')).textContent).toBe('Line 2: System SN-1 is already in the registry.');
    expect(dialog.getByText('The server found problems while importing; nothing was imported.')).toBeTruthy();
    expect(dialog.getByTestId('import-submit').hasAttribute('disabled')).toBe(true);
  });

  it('refuses a file that is not CSV without sending it', async () => {
    const { importCalls } = renderPanel({});
    const dialog = await chooseFile('%PDF-1.7', 'photo.pdf', 'application/pdf');
    expect((await dialog.findByTestId('import-problem')).textContent).toBe('Please choose a CSV file (.csv).');
    expect(importCalls()).toHaveLength(0);
  });

  it('exports the registry as registry-<fleet>.csv', async () => {
    const csv = 'serial_number,pv_module_count\nSN-DEMO-0001,12\n';
    renderPanel({ [`GET ${SYSTEMS_PATH}/export`]: { body: csv } });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:registry';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByTestId('registry-export'));
    expect(await screen.findByText('The registry has been saved as registry-sono.csv.')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('registry-sono.csv');
    expect(await saved[0]!.text()).toBe(csv);
  });

  it('shows access denied when the server says the user is no longer an admin', async () => {
    renderPanel({ [`GET ${SYSTEMS_PATH}`]: { status: 403, body: { status: 403, code: 'FORBIDDEN', message: 'You do not have permission to access this page.' } } });
    expect((await screen.findByTestId('access-denied')).textContent).toContain('You do not have permission to access this page.');
  });
});

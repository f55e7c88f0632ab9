import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createInstallation } from '../testing/installation-factory';
import { i18n } from '@/lib/i18n';
import { pendingDraftKeys, readDraft } from '../lib/draft-storage';
import { DRAFT_SAVE_DELAY_MS } from '../hooks/use-step-form';
import { bodiesOf, chooseOption, headerOf, isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

async function fillGeneral(serial: string) {
  fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
  fireEvent.change(await screen.findByTestId('general-serial', undefined, slow), { target: { value: serial } });
  fireEvent.change(screen.getByTestId('general-name'), { target: { value: 'Bus 12' } });
}

/** The API refusing to create an installation, with its error body. */
const refusedCreate = (status: number, code: string, message: string) => ({ 'POST /api/installations': { status, body: { status, code, message } } });

const acme = { slug: 'acme', name: 'ACME Logistics', role: 'installer' };
const twoFleets = {
  'GET /api/me': { body: { id: 'u1', name: 'Ina Installer', email: 'ina@example.com', company: null, fleets: [{ slug: 'sono', name: 'Sono Demo Fleet', role: 'installer' }, acme] } },
  'GET /api/fleets/acme': { body: { ...acme, customer: { name: 'ACME Logistics AG', primaryContact: 'Jane Roe', emailAddress: 'fleet@acme.example' } } },
};
const inOtherFleet = {
  status: 409,
  body: {
    status: 409,
    code: 'SYSTEM_IN_OTHER_FLEET',
    message: 'SN-ACME-0001 belongs to ACME Logistics.',
    details: { field: 'systemSerialNumber', serialNumber: 'SN-ACME-0001', fleet: 'acme', fleetName: 'ACME Logistics' },
  },
};

describe('general tab of a new installation', { timeout: TEST_TIMEOUT_MS }, () => {
  it('asks before recording a serial number of another fleet there, and says where it went', async () => {
    const created = createInstallation({ id: 79, fleet: 'acme', systemSerialNumber: 'SN-ACME-0001' });
    const { fake } = startWizard('/sono/installations/new', {
      ...twoFleets,
      'POST /api/installations': (init) => ((JSON.parse(String(init?.body)) as { fleet?: string }).fleet === 'acme' ? { status: 201, body: created } : inOtherFleet),
    });
    await fillGeneral('sn-acme-0001');
    fireEvent.click(screen.getByTestId('step-next'));
    const dialog = await screen.findByTestId('other-fleet-dialog', undefined, slow);
    expect(dialog.textContent).toContain('SN-ACME-0001 belongs to ACME Logistics. Record it there?');
    // Nothing was created, and the installer is still in their fleet.
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/new?tab=general');
    expect(bodiesOf(fake, 'POST', '/api/installations')).toEqual([expect.objectContaining({ fleet: 'sono', systemSerialNumber: 'sn-acme-0001' })]);

    fireEvent.click(screen.getByTestId('other-fleet-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/acme/installations/79?tab=customer'), slow);
    expect(bodiesOf(fake, 'POST', '/api/installations')[1]).toMatchObject({ fleet: 'acme', systemSerialNumber: 'sn-acme-0001' });
    expect(await screen.findByText('SN-ACME-0001 was recorded in ACME Logistics. You are now in that fleet.')).toBeTruthy();
  });

  it('records nothing when the installer declines the other fleet', async () => {
    const { fake } = startWizard('/sono/installations/new', { ...twoFleets, 'POST /api/installations': inOtherFleet });
    await fillGeneral('SN-ACME-0001');
    fireEvent.click(screen.getByTestId('step-save'));
    const dialog = await screen.findByTestId('other-fleet-dialog', undefined, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('other-fleet-dialog')).toBeNull());
    expect(bodiesOf(fake, 'POST', '/api/installations')).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/new?tab=general');
    expect(screen.queryByText('An internal error occurred while processing the data. Please check and try again.')).toBeNull();
  });

  it('puts a full-width "Scan serial number" button first, above the serial number field that stays typeable', async () => {
    startWizard('/sono/installations/new', {});
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    const scan = await screen.findByRole('button', { name: 'Scan serial number' }, slow);
    expect(scan.getAttribute('data-testid')).toBe('general-serial-scan');
    const serial = screen.getByTestId('general-serial');
    // First in the tab: before the intro text and the serial number field.
    expect(scan.compareDocumentPosition(screen.getByText(i18n.t('wizard.general.intro'))) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(scan.compareDocumentPosition(serial) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(scan.getAttribute('data-block')).toBe('true');
    fireEvent.change(serial, { target: { value: 'SN-TYPED-1' } });
    expect(serial).toHaveProperty('value', 'SN-TYPED-1');
  });

  /** Online the fleet's serial numbers come to the device; then the network goes, and the create finds none. */
  async function offlineWithSerials(serials: string[]) {
    const { fake } = startWizard('/sono/installations/new', {
      'GET /api/fleets/sono/serials': { body: { serials } },
      'POST /api/installations': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    await waitFor(() => expect(fake.calls.some((call) => call.path === '/api/fleets/sono/serials')).toBe(true), slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    return fake;
  }

  it('offline, starts an installation whose serial number the device has seen, and goes on to the customer tab', async () => {
    await offlineWithSerials(['SN-NEW-0001']);
    fireEvent.change(await screen.findByTestId('general-serial'), { target: { value: 'sn-new-0001' } });
    fireEvent.change(screen.getByTestId('general-name'), { target: { value: 'Bus 4713' } });
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/sono\/installations\/-\d+\?tab=customer$/), slow);
    expect(await screen.findByTestId('customer-name', undefined, slow)).toHaveProperty('value', 'Sono Motors GmbH');
    expect(screen.getByTestId('local-installation-notice').textContent).toContain('sent');
    const localId = screen.getByTestId('location').textContent!.split('/')[3]!.split('?')[0];
    expect(await pendingDraftKeys('u1')).toEqual([`draft:u1:${localId}:general`]);
    // The entries went with the installation: the next new installation offers nothing to continue.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 100));
    expect(await readDraft('draft:u1:new:general')).toBeUndefined();
  });

  it('offline, says that the first save needs the connection for a serial number the device has not seen', async () => {
    await offlineWithSerials(['SN-NEW-0001']);
    fireEvent.change(await screen.findByTestId('general-serial'), { target: { value: 'SN-OTHER-9' } });
    fireEvent.change(screen.getByTestId('general-name'), { target: { value: 'Bus 4713' } });
    fireEvent.click(screen.getByTestId('step-next'));
    expect((await screen.findByTestId('offline-create-unseen', undefined, slow)).textContent).toBe(
      'The first save of a new installation needs the connection: SN-OTHER-9 has not been seen on this device. Your entries are kept; save again once you are online.',
    );
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/new?tab=general');
    expect(await pendingDraftKeys('u1')).toEqual([]);
    // Nothing was queued, so nothing says it will be sent later.
    expect(screen.queryByText(/It is kept on this device/)).toBeNull();
    expect(screen.getByTestId('general-serial')).toHaveProperty('value', 'SN-OTHER-9');
  });

  it('cancelling the pre-installation checklist goes home to the fleet the installer came from', async () => {
    startWizard('/acme/installations/new', twoFleets);
    fireEvent.click(await screen.findByTestId('pre-cancel', undefined, slow));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/acme'));
  });

  it('creates the installation on Next and opens its page on the customer tab', async () => {
    const created = createInstallation({ id: 77 });
    const { fake } = startWizard('/sono/installations/new', { 'POST /api/installations': { status: 201, body: created } });
    await fillGeneral(' SN-DEMO-0001 ');
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono/installations/77?tab=customer'), slow);
    expect(await screen.findByTestId('customer-name')).toHaveProperty('value', 'Sono Motors GmbH');
    const [body] = bodiesOf(fake, 'POST', '/api/installations');
    expect(body).toMatchObject({ systemSerialNumber: 'SN-DEMO-0001', name: 'Bus 12', comments: null });
    expect((body as { startDate: string }).startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const post = fake.calls.find((c) => c.method === 'POST');
    expect(headerOf(post, 'idempotency-key')).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    // Next came right after the last keystroke: the entries became the installation, none stay behind as unsaved.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 100));
    expect(await readDraft('draft:u1:new:general')).toBeUndefined();
  });

  it("assigns one of the company's partners", async () => {
    const created = createInstallation({ id: 78, partnerId: 5 });
    const { fake } = startWizard('/sono/installations/new', {
      'GET /api/partners': { body: [{ id: 5, name: 'Roof Team', email: 'roof@team.example', installationCount: 0 }] },
      'POST /api/installations': { status: 201, body: created },
    });
    await fillGeneral('SN-DEMO-0001');
    chooseOption(await screen.findByTestId('general-partner', undefined, slow), 'Roof Team (roof@team.example)');
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(bodiesOf(fake, 'POST', '/api/installations')).toHaveLength(1), slow);
    expect(bodiesOf(fake, 'POST', '/api/installations')[0]).toMatchObject({ partnerId: 5 });
  });

  it('shows the serial number message when the system is not found', async () => {
    startWizard('/sono/installations/new', refusedCreate(404, 'SYSTEM_NOT_FOUND', 'System with this product serial number has not been found'));
    await fillGeneral('SN-NOPE-1');
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('System with this product serial number has not been found', undefined, slow)).toBeTruthy();
    expect(screen.getByTestId('general-serial').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/new?tab=general');
  });

  it('shows the serial number message when the system already has an installation', async () => {
    startWizard('/sono/installations/new', refusedCreate(409, 'SYSTEM_ALREADY_INSTALLED', 'The system with this product serial number already exists'));
    await fillGeneral('SN-DEMO-0001');
    fireEvent.click(screen.getByTestId('step-next'));
    expect(await screen.findByText('The system with this product serial number already exists', undefined, slow)).toBeTruthy();
  });

  it('keeps the entries on the device when the create is refused after the draft delay ran out during the save', async () => {
    const refusal = { status: 409, body: { status: 409, code: 'SYSTEM_ALREADY_INSTALLED', message: 'The system with this product serial number already exists' } };
    startWizard('/sono/installations/new', {
      'POST /api/installations': () => new Promise((resolve) => setTimeout(() => resolve(refusal), DRAFT_SAVE_DELAY_MS * 2)),
    });
    await fillGeneral('SN-DEMO-0001');
    // Next right after the last keystroke: the device copy falls due while the create travels.
    fireEvent.click(screen.getByTestId('step-next'));
    expect(await screen.findByText('The system with this product serial number already exists', undefined, slow)).toBeTruthy();
    // Nothing was created: the entries stay on the device, offered again when the tab opens.
    await waitFor(async () => expect((await readDraft<{ name: string }>('draft:u1:new:general'))?.values.name).toBe('Bus 12'), slow);
  });

  it('names the installation the serial number already has, with its status and a link that opens it', async () => {
    const taken = (status: 'draft' | 'completed') => ({
      status: 409,
      body: {
        status: 409,
        code: 'SYSTEM_ALREADY_INSTALLED',
        message: 'The system with this product serial number already exists',
        details: { field: 'systemSerialNumber', serialNumber: 'SN-DEMO-0001', installationId: 5, installationName: 'Bus 4713 Betriebshof', status, fleet: 'sono' },
      },
    });
    let answer = taken('completed');
    startWizard('/sono/installations/new', { 'POST /api/installations': () => answer });
    await fillGeneral('sn-demo-0001');
    fireEvent.click(screen.getByTestId('step-next'));
    const notice = await screen.findByTestId('existing-installation', undefined, slow);
    expect(notice.textContent).toContain('SN-DEMO-0001 already has an installation in this fleet: “Bus 4713 Betriebshof”, completed.');
    // A completed one offers its report beside the link.
    expect(within(notice).getByTestId('download-report').textContent).toBe('Download report');
    expect(within(notice).getByTestId('existing-installation-open').textContent).toBe('Open “Bus 4713 Betriebshof”');

    // Another serial typed: the notice goes with it.
    fireEvent.change(screen.getByTestId('general-serial'), { target: { value: 'SN-DEMO-0002' } });
    await waitFor(() => expect(screen.queryByTestId('existing-installation')).toBeNull());

    answer = taken('draft');
    fireEvent.change(screen.getByTestId('general-serial'), { target: { value: 'SN-DEMO-0001' } });
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(screen.getByTestId('existing-installation').textContent).toContain('“Bus 4713 Betriebshof”, in progress.'));
    expect(screen.queryByTestId('download-report')).toBeNull();
    fireEvent.click(screen.getByTestId('existing-installation-open'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/sono\/installations\/5/));
  });

  it('asks for the required fields before sending anything', async () => {
    const { fake } = startWizard('/sono/installations/new', {});
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    fireEvent.click(await screen.findByTestId('step-next'));
    expect(await screen.findByText('The product serial number is required')).toBeTruthy();
    expect(screen.getByText('The installation name is required')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'Please fill out all fields.' when the tab is saved with every required field empty", async () => {
    const { fake } = startWizard('/sono/installations/new', {});
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    fireEvent.change(await screen.findByTestId('general-comments'), { target: { value: 'Roof rails checked' } });
    fireEvent.click(screen.getByTestId('step-save'));
    expect((await screen.findByTestId('empty-form-alert')).textContent).toBe('Please fill out all fields.');
    expect(screen.getByText('The installation name is required')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('general-name'), { target: { value: 'Bus 12' } });
    await waitFor(() => expect(screen.queryByTestId('empty-form-alert')).toBeNull());
  });

  it('names only the missing field once one required field is filled', async () => {
    startWizard('/sono/installations/new', {});
    fireEvent.click(await screen.findByTestId('pre-start', undefined, slow));
    fireEvent.change(await screen.findByTestId('general-name'), { target: { value: 'Bus 12' } });
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The product serial number is required')).toBeTruthy();
    expect(screen.queryByText('Please fill out all fields.')).toBeNull();
  });

  it('keeps the serial number read-only once the installation exists', async () => {
    startWizard('/sono/installations/42?tab=general', { 'GET /api/installations/42': { body: createInstallation() } });
    const serial = await screen.findByTestId('general-serial', undefined, slow);
    expect(serial.hasAttribute('readonly')).toBe(true);
    expect(screen.queryByTestId('step-back')).toBeNull();
  });
});

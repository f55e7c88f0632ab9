import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Installation } from '@portal/domain/installation';
import type { InstallationSummary } from '@portal/domain/summary';
import { i18n } from '@/lib/i18n';
import { forgetFile, keepFile, type StoredFile } from '../lib/file-queue';
import { useCheckVerificationStore } from '../stores/check-verification-store';
import { createReadyInstallation, createSummary } from '../testing/check-factory';
import { bodiesOf, headerOf, isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

type Routes = Parameters<typeof startWizard>[1];

function openSummary({ summary = createSummary(), installation = createReadyInstallation(), routes = {} }: { summary?: InstallationSummary; installation?: Installation; routes?: Routes } = {}) {
  return startWizard('/sono/installations/42?tab=summary', {
    'GET /api/installations/42': { body: installation },
    'GET /api/installations/42/summary': { body: summary },
    ...routes,
  });
}

const section = (name: string) => screen.getByTestId(`summary-${name}`);

describe('summary tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('writes numbers the German way in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const summary = createSummary();
    openSummary({ summary: { ...summary, vehicle: { ...summary.vehicle!, batteryCapacity: 24.5, batteryCapacityUnit: 'kWh' }, pvSystem: { ...summary.pvSystem, installedCapacity: 2080 } } });
    await screen.findByTestId('summary', undefined, slow);
    expect(section('vehicle').textContent).toContain('24,5 kWh');
    expect(screen.getByTestId('summary-mileage').textContent).toBe('12.000 km');
    expect(section('pvSystem').textContent).toContain('2.080 Wp');
    // Outside the digital check's table, a check's time reads as the language writes it, where the user is.
    const created = screen.getAllByTestId('summary-check')[0]!.textContent!;
    expect(created).not.toContain('2026-11-21T10:00');
    expect(created).toMatch(/21\/11\/2026 \d\d:00/);
  });

  it('shows every recorded part, the mileage in the preferred unit', async () => {
    localStorage.setItem('preferredDistanceUnit', 'miles');
    openSummary();
    await screen.findByTestId('summary', undefined, slow);
    expect(section('general').textContent).toContain('SN-DEMO-0001');
    expect(section('general').textContent).toContain('11/20/2026');
    expect(section('general').textContent).toContain('In Progress');
    expect(section('general').textContent).toContain('Miller Solar Services');
    expect(section('customer').textContent).toContain('Laurin Hahn');
    expect(section('installer').textContent).toContain('Solarfit Installations GmbH');
    expect(section('installer').textContent).toContain('SFI');
    expect(section('installer').textContent).toContain('ina@example.com');
    expect(section('vehicle').textContent).toContain('1M8GDM9AXKP042788');
    expect(screen.getByTestId('summary-mileage').textContent).toBe('7,456 miles');
    expect(section('pvSystem').textContent).toContain('1,440 Wp');
    expect(screen.getAllByTestId('summary-controller')).toHaveLength(2);
    expect(section('chargeControllers').textContent).toContain('HW 2.4');
    expect(section('telematics').textContent).toContain('8949226000000000011');
    expect(screen.getAllByTestId('summary-setup-row')).toHaveLength(2);
    expect(within(section('setup')).getAllByText('Inspection passed')).toHaveLength(2);
    expect(within(section('setup')).getAllByText('Constantly lit')).toHaveLength(2);
    const pvModules = screen.getByTestId('summary-uploads-pvModules');
    expect(pvModules.textContent).toContain('PV modules');
    expect(pvModules.textContent).toContain('roof-left.jpg');
    expect(pvModules.textContent).toContain('roof-right.jpg');
    expect(screen.getByTestId('summary-uploads-telematics-mcu').textContent).toContain('tcu-box.jpg');
    expect(screen.getAllByTestId('summary-check-result').map((e) => e.textContent)).toEqual(['Passed', 'Passed', 'Failed', 'Passed', 'Failed']);
    const checks = screen.getAllByTestId('summary-check');
    expect(checks[3]!.textContent).toContain('Ignition heartbeat');
    expect(checks[3]!.textContent).toContain('IMEI 356938035643801');
    expect(checks[4]!.textContent).toContain('Sense line connection');
    expect(checks[4]!.textContent).toContain('IMEI 356938035643801');
    expect(screen.getByTestId('summary-proceeded-warning').textContent).toBe(
      'This installation is processed with failed digital checks.Reason for proceeding with failed checks: Controller B gets a new fuse on Monday',
    );
    expect((screen.getByTestId('summary-comments') as HTMLTextAreaElement).value).toBe('Depot north');
  });

  it('needs the confirmation before it submits', async () => {
    const { fake } = openSummary();
    fireEvent.click(await screen.findByTestId('summary-submit', undefined, slow));
    expect(await screen.findByText('Please confirm the information is correct')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('lists what the server says is missing, each with the way to its tab', async () => {
    const { fake } = openSummary({
      routes: {
        'POST /api/installations/42/submit': {
          status: 422,
          body: {
            status: 422,
            code: 'UNPROCESSABLE',
            message: 'The installation cannot be submitted yet: uploads.pvModules, systemChecks.pending',
            details: { missing: ['systemChecks.pending', 'uploads.pvModules'] },
          },
        },
      },
    });
    fireEvent.click(await screen.findByTestId('summary-confirm', undefined, slow));
    fireEvent.click(screen.getByTestId('summary-submit'));
    const alert = await screen.findByTestId('missing-parts');
    expect(alert.textContent).toContain('The installation cannot be submitted yet');
    const parts = within(alert).getAllByTestId('missing-part');
    expect(parts.map((p) => p.getAttribute('data-part'))).toEqual(['uploads.pvModules', 'systemChecks.pending']);
    expect(parts[0]!.textContent).toContain('A photo of the PV modules is missing.');
    expect(parts[1]!.textContent).toContain('The digital check has not finished yet.');
    fireEvent.click(within(alert).getByRole('link', { name: 'Go to Uploads' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=uploads'));
    expect(bodiesOf(fake, 'POST', '/api/installations/42/submit')).toHaveLength(1);
  });

  it('names missing parts before a submit, from the summary itself', async () => {
    openSummary({ summary: createSummary({ uploads: [], proceededWithFailedChecks: false }) });
    const alert = await screen.findByTestId('missing-parts', undefined, slow);
    expect(within(alert).getAllByTestId('missing-part').map((p) => p.getAttribute('data-part'))).toEqual([
      'uploads.pvModules',
      'uploads.telematics-mcu',
      'systemChecks.failedNotConfirmed',
    ]);
  });

  it('Submit pressed while photos are on their way says what it waits for, and submits once the last one is stored', async () => {
    // Two photos in the upload queue.
    const photo = (key: string): StoredFile => ({
      key,
      userId: 'u1',
      installationId: 42,
      fleet: 'sono',
      type: 'pvModules',
      name: `${key}.jpg`,
      format: 'jpg',
      blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
      isPrepared: true,
      state: 'queued',
      idempotencyKey: `key-${key}`,
      problem: null,
      pickedAt: '2026-11-27T07:00:00.000Z',
    });
    await keepFile(photo('roof'));
    await keepFile(photo('cable'));
    const installation = createReadyInstallation();
    const summary = createSummary();
    useCheckVerificationStore.getState().setVerified(901, true);
    const { fake } = openSummary({
      installation,
      // The server does not have the photos yet.
      summary: { ...summary, uploads: summary.uploads.filter((u) => u.type !== 'pvModules') },
      routes: {
        'POST /api/installations/42/submit': { body: { ...installation, status: 'completed', summaryDataConfirmed: true, version: 5 } },
        // The upload queue's tries fail for now, so this test decides when the photos are stored.
        'POST /api/installations/42/uploads': { status: 503, body: { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Try again soon' } },
      },
    });
    await screen.findByTestId('summary-confirm', undefined, slow);
    await waitFor(() => expect(screen.getByTestId('summary-waiting').textContent).toContain('Not sent yet: 2 photos'), slow);
    // On their way, the photos are not missing.
    await waitFor(() => expect(screen.queryAllByTestId('missing-part').map((part) => part.getAttribute('data-part'))).not.toContain('uploads.pvModules'), slow);
    fireEvent.click(screen.getByTestId('summary-confirm'));
    fireEvent.click(screen.getByTestId('summary-submit'));
    expect((await screen.findByTestId('summary-submit-held', undefined, slow)).textContent).toBe('Waiting for 2 photos to be sent… The installation is submitted right after.');
    const submits = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/installations/42/submit');
    expect(submits()).toHaveLength(0);

    await act(() => forgetFile(photo('roof')));
    await waitFor(() => expect(screen.getByTestId('summary-submit-held').textContent).toBe('Waiting for 1 photo to be sent… The installation is submitted right after.'), slow);
    expect(submits()).toHaveLength(0);
    await act(() => forgetFile(photo('cable')));
    expect(await screen.findByTestId('completion-modal', undefined, slow)).toBeTruthy();
    expect(submits()).toHaveLength(1);
  });

  it('submits once however often it is pressed, then confirms with the serial number and a way home', async () => {
    const installation = createReadyInstallation({ proceededWithFailedChecks: true });
    const completed: Installation = { ...installation, status: 'completed', summaryDataConfirmed: true, comments: 'All good', completionDate: '2026-11-21', version: 5 };
    let isSubmitted = false;
    useCheckVerificationStore.getState().setVerified(901, true);
    const { fake } = openSummary({
      installation,
      routes: {
        'GET /api/installations/42': () => ({ body: isSubmitted ? completed : installation }),
        'GET /api/installations/42/summary': () => ({
          body: createSummary(isSubmitted ? { general: { ...createSummary().general, status: 'completed', comments: 'All good' } } : {}),
        }),
        'POST /api/installations/42/submit': () => {
          isSubmitted = true;
          return { body: completed };
        },
      },
    });
    const comments = await screen.findByTestId('summary-comments', undefined, slow);
    fireEvent.change(comments, { target: { value: 'All good' } });
    fireEvent.click(screen.getByTestId('summary-confirm'));
    fireEvent.click(screen.getByTestId('summary-submit'));
    fireEvent.click(screen.getByTestId('summary-submit'));

    const modal = await screen.findByTestId('completion-modal');
    expect(modal.textContent).toContain('Solar System Installation for Product Number SN-DEMO-0001 completed.');
    expect(within(modal).getByTestId('completion-serial').textContent).toBe('SN-DEMO-0001');
    expect(within(modal).getByTestId('completion-failed-checks').textContent).toBe('This installation was processed with failed digital checks.');
    expect(within(modal).getByRole('link', { name: 'Return to fleet home' }).getAttribute('href')).toBe('/sono');

    const posts = fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/installations/42/submit');
    expect(posts).toHaveLength(1);
    expect(bodiesOf(fake, 'POST', '/api/installations/42/submit')).toEqual([{ summaryDataConfirmed: true, comments: 'All good' }]);
    expect(headerOf(posts[0], 'idempotency-key')).toBeTruthy();
    expect(useCheckVerificationStore.getState().verified).toEqual({});

    // From now on it is read-only: no submit controls behind the modal.
    await waitFor(() => expect(screen.getByTestId('completed-notice')).toBeTruthy());
    await waitFor(() => expect(screen.queryByTestId('summary-submit')).toBeNull());
    fireEvent.click(within(modal).getByRole('link', { name: 'Return to fleet home' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono'));
  });

  it('after the submit offers the report and the next vehicle, which opens a new installation in the same fleet', async () => {
    const installation = createReadyInstallation();
    const completed: Installation = { ...installation, status: 'completed', summaryDataConfirmed: true, completionDate: '2026-11-21', version: 5 };
    let isSubmitted = false;
    openSummary({
      installation,
      routes: {
        'GET /api/installations/42': () => ({ body: isSubmitted ? completed : installation }),
        'POST /api/installations/42/submit': () => {
          isSubmitted = true;
          return { body: completed };
        },
      },
    });
    fireEvent.click(await screen.findByTestId('summary-confirm', undefined, slow));
    fireEvent.click(screen.getByTestId('summary-submit'));
    const modal = await screen.findByTestId('completion-modal');
    expect(within(modal).getByTestId('download-report').textContent).toBe('Download report');
    fireEvent.click(within(modal).getByRole('link', { name: 'Next vehicle' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono/installations/new'));
    expect(await screen.findByTestId('pre-start', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('completion-modal')).toBeNull());
  });

  it('shows a completed installation read-only', async () => {
    openSummary({
      installation: createReadyInstallation({ status: 'completed' }),
      summary: createSummary({ general: { ...createSummary().general, status: 'completed', completionDate: '2026-11-21' } }),
    });
    await screen.findByTestId('summary', undefined, slow);
    expect(section('general').textContent).toContain('Completed');
    expect(section('general').textContent).toContain('Depot north');
    expect(screen.queryByTestId('summary-submit')).toBeNull();
    expect(screen.queryByTestId('summary-confirm')).toBeNull();
    expect(screen.getByTestId('summary-finish')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it('has an edit link per section that opens its tab, and Back to summary returns in one tap', async () => {
    const { fake } = openSummary();
    await screen.findByTestId('summary', undefined, slow);
    const names = screen.getAllByRole('button', { name: /^Edit / }).map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Edit General', 'Edit Customer', 'Edit Vehicle', 'Edit PV system', 'Edit Charge controllers', 'Edit Telematics', 'Edit Setup', 'Edit Uploads', 'Edit Digital check']);
    // The installer section comes from the account: nothing to edit in the wizard.
    expect(within(section('installer')).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Vehicle' }));
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Vehicle'), slow);
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=vehicle&back=summary');
    // Next still goes on tab by tab; beside it, one tap saves and returns.
    // The tab's title changes at once; its form follows as soon as its code is there.
    expect((await screen.findByTestId('step-next', undefined, slow)).textContent).toBe('Next');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to summary' }, slow));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=summary'), slow);
    await screen.findByTestId('summary', undefined, slow);
    // Nothing changed on the vehicle tab: nothing was sent.
    expect(fake.calls.some((c) => c.method === 'POST' || c.method === 'PUT')).toBe(false);
  });

  it('keeps the way back to the summary while Next moves on through the tabs', async () => {
    openSummary();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Customer' }, slow));
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Customer'), slow);
    fireEvent.click(await screen.findByTestId('step-next', undefined, slow));
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Vehicle'), slow);
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=vehicle&back=summary');
    expect(await screen.findByTestId('step-return', undefined, slow)).toBeTruthy();
  });

  it('asks before an edit link leaves comments that are not saved', async () => {
    openSummary();
    const comments = (await screen.findByTestId('summary-comments', undefined, slow)) as HTMLTextAreaElement;
    fireEvent.change(comments, { target: { value: 'Depot north, gate 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Vehicle' }));
    const dialog = await screen.findByTestId('close-dialog', undefined, slow);
    expect(dialog.textContent).toContain('Unsaved changes');
    fireEvent.click(within(dialog).getByRole('button', { name: "Don't save" }));
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Vehicle'), slow);
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=vehicle&back=summary');
  });

  it('in German: edit links name their section, the way back says "Zurück zur Zusammenfassung"', async () => {
    await act(() => i18n.changeLanguage('de'));
    openSummary();
    await screen.findByTestId('summary', undefined, slow);
    expect(screen.getByTestId('summary-failed-checks-reason').textContent).toBe('Grund für das Fortfahren trotz fehlgeschlagener Prüfungen: Controller B gets a new fuse on Monday');
    const edit = screen.getByRole('button', { name: 'Fahrzeug bearbeiten' });
    expect(edit.textContent).toBe('Bearbeiten');
    fireEvent.click(edit);
    expect(await screen.findByRole('button', { name: 'Zurück zur Zusammenfassung' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zu Fahrzeug wechseln (Schritt 3)' }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('button', { name: 'Zu Zusammenfassung wechseln (Schritt 8)' })).toHaveProperty('disabled', false);
  });
});

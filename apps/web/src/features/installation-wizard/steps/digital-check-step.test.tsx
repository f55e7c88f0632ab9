import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Installation } from '@portal/domain/installation';
import type { SystemCheckRun } from '@portal/domain/system-check';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { i18n } from '@/lib/i18n';
import { useCheckVerificationStore } from '../stores/check-verification-store';
import { createCheck, createReadyInstallation, createRun, createSummary, createVehicleChecks } from '../testing/check-factory';
import { fakeEventStream } from '../testing/fake-event-stream';
import { bodiesOf, headerOf, resetWizardTestState, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

const EVENTS = '/api/installations/42/systemChecks/events';

beforeEach(() => {
  resetWizardTestState();
  useCheckVerificationStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().signOut();
});

type Routes = Parameters<typeof startWizard>[1];

function openDigitalCheck({
  run = createRun(),
  installation = createReadyInstallation(),
  routes = {},
  contentType,
}: { run?: SystemCheckRun; installation?: Installation; routes?: Routes; contentType?: string } = {}) {
  const stream = fakeEventStream(EVENTS, { contentType });
  const view = startWizard('/sono/installations/42?tab=digitalCheck', {
    'GET /api/installations/42': { body: installation },
    'GET /api/installations/42/systemChecks': { body: run },
    'GET /api/installations/42/summary': { body: createSummary() },
    ...routes,
  });
  // Before any request leaves: they all wait for the auth wiring first.
  vi.stubGlobal('fetch', stream.wrap(view.fake.fetchFn));
  return { ...view, stream };
}

const rows = () => screen.getAllByTestId('check-row');
const resultOf = (row: HTMLElement) => within(row).getByTestId('check-result').getAttribute('data-status');
const location = () => screen.getByTestId('location').textContent;

async function waitForStream(stream: ReturnType<typeof fakeEventStream>) {
  await waitFor(() => expect(stream.connections.length).toBe(1), slow);
  await screen.findByText('Live results', undefined, slow);
}

describe('digital check tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('reads the run once, shows every device pending with a countdown, and turns rows as events arrive', async () => {
    const { stream, fake } = openDigitalCheck();
    await waitFor(() => expect(rows()).toHaveLength(3), slow);
    expect(rows().map(resultOf)).toEqual(['pending', 'pending', 'pending']);
    expect(within(rows()[0]!).getByTestId('check-imei').textContent).toBe('356938035643801');
    expect(within(rows()[0]!).getByTestId('check-created').textContent).toBe('2026-11-21T10:00:00.000Z');
    expect(within(rows()[1]!).getByTestId('check-serial').textContent).toBe('CC-DEMO-0001-A');
    expect(screen.getByTestId('check-countdown').textContent).toMatch(/^Time left: [23]:\d\d$/);
    expect(screen.getByText('The checks take up to 2–3 minutes.')).toBeTruthy();

    await waitForStream(stream);
    const headers = stream.connections[0]!.headers;
    expect(headers.get('last-event-id')).toBe('17');
    expect(headers.get('authorization')).toMatch(/^Bearer /);

    act(() => stream.push(18, { kind: 'check-updated', check: createCheck({ id: 901, status: 'success', updatedAt: new Date().toISOString() }) }));
    await waitFor(() => expect(resultOf(rows()[0]!)).toBe('success'));
    expect(within(rows()[0]!).getByText('Passed')).toBeTruthy();
    act(() =>
      stream.push(19, {
        kind: 'check-updated',
        check: createCheck({ id: 902, type: 'mcu-heartbeat', controllerSerial: 'CC-DEMO-0001-A', totalMcu: 2, status: 'success', updatedAt: new Date().toISOString() }),
      }),
    );
    await waitFor(() => expect(within(rows()[1]!).getByTestId('check-total-mcu').textContent).toBe('2'));
    act(() => stream.push(20, { kind: 'check-updated', check: createCheck({ id: 903, type: 'mcu-heartbeat', controllerSerial: 'CC-DEMO-0001-B', status: 'failed' }) }));
    await waitFor(() => expect(resultOf(rows()[2]!)).toBe('failed'));
    expect(within(rows()[2]!).getByText('Failed')).toBeTruthy();
    // A failed check points to support.
    expect(screen.getByTestId('checks-failed').querySelector('a')?.getAttribute('href')).toBe('mailto:support@sonomotors.com');
    expect(screen.queryByTestId('check-countdown')).toBeNull();
    // Messages that are not check events change nothing.
    act(() => stream.push(21, { kind: 'nonsense' }));
    expect(fake.calls.filter((c) => c.path === '/api/installations/42/systemChecks')).toHaveLength(1);
  });

  it('says so when the stream does not answer with text/event-stream', async () => {
    openDigitalCheck({ contentType: 'application/json' });
    const alert = await screen.findByTestId('stream-error', undefined, slow);
    expect(alert.textContent).toContain('Live results are not available');
    expect(alert.textContent).toContain('did not answer with an event stream (content type application/json)');
  });

  it('forgets the ticks when the wizard is closed: the next visit starts unticked', async () => {
    const first = openDigitalCheck({ run: createRun({}, 'success') });
    await waitFor(() => expect(rows().map(resultOf)).toEqual(['success', 'success', 'success']), slow);
    fireEvent.click(screen.getByTestId('check-verify-901'));
    expect(screen.getByTestId('check-verify-901').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('wizard-close'));
    await waitFor(() => expect(location()).toBe('/sono'));
    first.unmount();

    openDigitalCheck({ run: createRun({}, 'success') });
    await waitFor(() => expect(rows().map(resultOf)).toEqual(['success', 'success', 'success']), slow);
    expect(screen.getByTestId('check-verify-901').getAttribute('aria-checked')).toBe('false');
  });

  it('restarts the run: every check pending again, the ticks gone', async () => {
    const restarted = createRun({ runId: 10, lastEventId: '30' });
    const { fake } = openDigitalCheck({ run: createRun({}, 'success'), routes: { 'POST /api/installations/42/systemChecks/restart': { body: restarted } } });
    await waitFor(() => expect(rows().map(resultOf)).toEqual(['success', 'success', 'success']), slow);
    fireEvent.click(screen.getByTestId('check-verify-901'));
    expect(screen.getByTestId('check-verify-901').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('checks-restart'));
    await waitFor(() => expect(rows().map(resultOf)).toEqual(['pending', 'pending', 'pending']));
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/installations/42/systemChecks/restart')).toHaveLength(1);
    expect(screen.getByTestId('check-verify-1001').getAttribute('aria-checked')).toBe('false');
    expect(useCheckVerificationStore.getState().verified).toEqual({});
    expect(screen.getByTestId('check-countdown')).toBeTruthy();
  });

  it('explains Next while checks run, and asks for every result to be ticked', async () => {
    const { stream } = openDigitalCheck();
    await waitForStream(stream);
    fireEvent.click(screen.getByTestId('step-next'));
    expect((await screen.findByTestId('next-problem')).textContent).toBe('The checks are still running. Please wait until every check has a result.');
    expect(screen.getByTestId('check-verify-901').hasAttribute('disabled')).toBe(true);

    act(() => {
      for (const [i, id] of [901, 902, 903].entries()) {
        const type = id === 901 ? 'telematics-heartbeat' : 'mcu-heartbeat';
        stream.push(30 + i, { kind: 'check-updated', check: createCheck({ id, type, status: 'success', updatedAt: new Date().toISOString() }) });
      }
    });
    await waitFor(() => expect(screen.queryByTestId('next-problem')).toBeNull());
    fireEvent.click(screen.getByTestId('step-next'));
    expect(await screen.findAllByText('Please confirm that you have seen the result of this check')).toHaveLength(3);
    expect(location()).toContain('tab=digitalCheck');
  });

  it('asks before going on with a failed check; Proceed stores the flag and opens the summary', async () => {
    const installation = createReadyInstallation();
    const run = createRun();
    run.checks = run.checks.map((c, i) => ({ ...c, status: i === 2 ? 'failed' : 'success' }));
    const { fake } = openDigitalCheck({
      run,
      installation,
      routes: { 'PUT /api/installations/42': { body: { ...installation, proceededWithFailedChecks: true, version: 4 } } },
    });
    await waitFor(() => expect(rows()).toHaveLength(3), slow);
    for (const id of [901, 902, 903]) fireEvent.click(screen.getByTestId(`check-verify-${id}`));

    fireEvent.click(screen.getByTestId('step-next'));
    const modal = await screen.findByTestId('proceed-modal');
    expect(modal.textContent).toContain('Some checks failed');
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('proceed-modal')).toBeNull());
    expect(bodiesOf(fake, 'PUT', '/api/installations/42')).toEqual([]);

    fireEvent.click(screen.getByTestId('step-next'));
    const asked = await screen.findByTestId('proceed-modal');
    // A reason is required, a few characters at least; nothing is sent before.
    fireEvent.click(within(asked).getByRole('button', { name: 'Proceed' }));
    expect(await within(asked).findByText('The reason is required')).toBeTruthy();
    fireEvent.change(within(asked).getByRole('textbox', { name: /Why do you proceed\?/ }), { target: { value: ' ok ' } });
    fireEvent.click(within(asked).getByRole('button', { name: 'Proceed' }));
    expect(await within(asked).findByText('The reason needs at least 3 characters.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/api/installations/42')).toEqual([]);
    fireEvent.change(within(asked).getByRole('textbox', { name: /Why do you proceed\?/ }), { target: { value: '  Controller B gets a new fuse on Monday ' } });
    fireEvent.click(within(asked).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(location()).toContain('tab=summary'));
    expect(bodiesOf(fake, 'PUT', '/api/installations/42')).toEqual([
      { version: 3, proceededWithFailedChecks: true, failedChecksReason: 'Controller B gets a new fuse on Monday' },
    ]);
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(headerOf(put, 'idempotency-key')).toBeTruthy();
  });

  it('resets an earlier "proceed with failed checks" once every check passed', async () => {
    const installation = createReadyInstallation({ proceededWithFailedChecks: true });
    const { fake } = openDigitalCheck({
      run: createRun({}, 'success'),
      installation,
      routes: { 'PUT /api/installations/42': { body: { ...installation, proceededWithFailedChecks: false, version: 4 } } },
    });
    await waitFor(() => expect(rows()).toHaveLength(3), slow);
    for (const id of [901, 902, 903]) fireEvent.click(screen.getByTestId(`check-verify-${id}`));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(location()).toContain('tab=summary'));
    expect(screen.queryByTestId('proceed-modal')).toBeNull();
    expect(bodiesOf(fake, 'PUT', '/api/installations/42')).toEqual([{ version: 3, proceededWithFailedChecks: false }]);
  });

  it('goes straight on when every check passed and nothing needs resetting', async () => {
    const { fake } = openDigitalCheck({ run: createRun({}, 'success') });
    await waitFor(() => expect(rows()).toHaveLength(3), slow);
    for (const id of [901, 902, 903]) fireEvent.click(screen.getByTestId(`check-verify-${id}`));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(location()).toContain('tab=summary'));
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('reads the run once per installation: back on the tab, the stream goes on from the last event seen', async () => {
    const { stream, fake } = openDigitalCheck({ run: createRun({}, 'success') });
    await waitForStream(stream);
    act(() => stream.push(18, { kind: 'check-updated', check: createCheck({ id: 901, status: 'success', totalMcu: null, updatedAt: new Date().toISOString() }) }));
    for (const id of [901, 902, 903]) fireEvent.click(screen.getByTestId(`check-verify-${id}`));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(location()).toContain('tab=summary'));
    fireEvent.click(await screen.findByTestId('step-back'));
    await waitFor(() => expect(stream.connections).toHaveLength(2), slow);
    expect(stream.connections[1]!.headers.get('last-event-id')).toBe('18');
    expect(fake.calls.filter((c) => c.path === '/api/installations/42/systemChecks')).toHaveLength(1);
    // The ticks are kept while moving between tabs.
    expect(screen.getByTestId('check-verify-901').getAttribute('aria-checked')).toBe('true');
  });

  it('shows the ignition and sense-line checks in rows of their own: pending, passed, failed, restarted, proceeded with', async () => {
    const installation = createReadyInstallation();
    const restarted = createRun({ runId: 10, lastEventId: '40', checks: [...createRun({ runId: 10 }).checks, ...createVehicleChecks(10)] });
    const { stream, fake } = openDigitalCheck({
      run: createRun({ checks: [...createRun().checks, ...createVehicleChecks()] }),
      installation,
      routes: {
        'POST /api/installations/42/systemChecks/restart': { body: restarted },
        'PUT /api/installations/42': { body: { ...installation, proceededWithFailedChecks: true, version: 4 } },
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(5), slow);
    const ignition = () => within(screen.getByTestId('checks-ignition')).getByTestId('check-row');
    const senseLine = () => within(screen.getByTestId('checks-sense-line')).getByTestId('check-row');
    expect(within(screen.getByTestId('checks-ignition')).getByRole('heading').textContent).toBe('Ignition');
    expect(screen.getByTestId('checks-ignition-hint').textContent).toBe("The telematics unit reports when it sees the vehicle's ignition. Switch the ignition on.");
    expect(within(screen.getByTestId('checks-sense-line')).getByRole('heading').textContent).toBe('Sense line');
    expect(ignition().textContent).toContain('Ignition at telematics unit TCU-4G v3');
    expect(within(ignition()).getByTestId('check-imei').textContent).toBe('356938035643801');
    expect(senseLine().textContent).toContain('Sense line of telematics unit TCU-4G v3');
    expect([resultOf(ignition()), resultOf(senseLine())]).toEqual(['pending', 'pending']);
    expect(screen.getByRole('checkbox', { name: 'I have seen the result of Ignition at telematics unit TCU-4G v3' })).toBeTruthy();

    await waitForStream(stream);
    const done = { updatedAt: new Date().toISOString() };
    act(() => {
      stream.push(18, { kind: 'check-updated', check: createCheck({ id: 904, type: 'ignition-heartbeat', status: 'success', ...done }) });
      stream.push(19, { kind: 'check-updated', check: createCheck({ id: 905, type: 'sense-line-connection', status: 'failed', ...done }) });
    });
    await waitFor(() => expect([resultOf(ignition()), resultOf(senseLine())]).toEqual(['success', 'failed']));
    expect(within(senseLine()).getByText('Failed')).toBeTruthy();

    fireEvent.click(screen.getByTestId('checks-restart'));
    await waitFor(() => expect([resultOf(ignition()), resultOf(senseLine())]).toEqual(['pending', 'pending']));
    expect(within(ignition()).getByTestId('check-verify-1004')).toBeTruthy();

    act(() => {
      for (const [i, check] of restarted.checks.entries()) {
        const status = check.type === 'sense-line-connection' ? 'failed' : 'success';
        stream.push(41 + i, { kind: 'check-updated', check: { ...check, status, ...done } });
      }
    });
    await waitFor(() => expect(screen.getByTestId('checks-failed')).toBeTruthy());
    // With a failed check, 'I have seen all results' is not offered: each result is acknowledged on its own.
    expect(screen.queryByTestId('checks-seen-all')).toBeNull();
    for (const id of [1001, 1002, 1003, 1004, 1005]) fireEvent.click(screen.getByTestId(`check-verify-${id}`));
    fireEvent.click(screen.getByTestId('step-next'));
    const asked = await screen.findByTestId('proceed-modal');
    fireEvent.change(within(asked).getByRole('textbox', { name: /Why do you proceed\?/ }), { target: { value: 'Sense line cable ordered' } });
    fireEvent.click(within(asked).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(location()).toContain('tab=summary'));
    expect(bodiesOf(fake, 'PUT', '/api/installations/42')).toEqual([{ version: 3, proceededWithFailedChecks: true, failedChecksReason: 'Sense line cable ordered' }]);
  });

  it('when every check passed, one tap on "I have seen all results" ticks every result box; each box can still be cleared', async () => {
    const { fake } = openDigitalCheck({ run: createRun({}, 'success') });
    await waitFor(() => expect(rows()).toHaveLength(3), slow);
    const seenAll = screen.getByRole('button', { name: 'I have seen all results' });
    fireEvent.click(seenAll);
    for (const id of [901, 902, 903]) expect(screen.getByTestId(`check-verify-${id}`).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('checks-seen-all')).toBeNull();
    // The per-row boxes stay: clearing one brings the button back, and Next asks again.
    fireEvent.click(screen.getByTestId('check-verify-902'));
    expect(screen.getByTestId('check-verify-902').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByTestId('step-next'));
    expect(await screen.findByTestId('next-problem')).toBeTruthy();
    fireEvent.click(screen.getByTestId('checks-seen-all'));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(location()).toContain('tab=summary'));
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('in German: offers "Ich habe alle Ergebnisse gesehen" and asks for the reason in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    try {
      const installation = createReadyInstallation();
      const run = createRun();
      run.checks = run.checks.map((c, i) => ({ ...c, status: i === 2 ? 'failed' : 'success' }));
      openDigitalCheck({ run, installation });
      await waitFor(() => expect(rows()).toHaveLength(3), slow);
      expect(screen.queryByRole('button', { name: 'Ich habe alle Ergebnisse gesehen' })).toBeNull();
      for (const id of [901, 902, 903]) fireEvent.click(screen.getByTestId(`check-verify-${id}`));
      fireEvent.click(screen.getByTestId('step-next'));
      const asked = await screen.findByTestId('proceed-modal');
      expect(within(asked).getByRole('textbox', { name: /Warum fahren Sie fort\?/ })).toBeTruthy();
      fireEvent.click(within(asked).getByRole('button', { name: 'Fortfahren' }));
      expect(await within(asked).findByText('Das Feld Grund ist erforderlich')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('signs out when the stream answers 401', async () => {
    const stream = fakeEventStream('/nowhere');
    const view = startWizard('/sono/installations/42?tab=digitalCheck', {
      'GET /api/installations/42': { body: createReadyInstallation() },
      'GET /api/installations/42/systemChecks': { body: createRun() },
      [`GET ${EVENTS}`]: { status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'Session expired' } },
    });
    vi.stubGlobal('fetch', stream.wrap(view.fake.fetchFn));
    await waitFor(() => expect(useAuthStore.getState().isLoggedIn).toBe(false), slow);
  });
});

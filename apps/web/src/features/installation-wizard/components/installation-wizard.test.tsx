import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRAFT_SAVE_DELAY_MS } from '../hooks/use-step-form';
import { draftKey, readDraft, readPendingSave, writeDraft, writePendingSave } from '../lib/draft-storage';
import { createInstallation } from '../testing/installation-factory';
import { headerOf, isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

const generalKey = draftKey('u1', 42, 'general');
const conflict = { status: 409, body: { status: 409, code: 'VERSION_CONFLICT', message: 'Someone else changed this installation.', details: { currentVersion: 4 } } };
const nameInput = () => screen.getByTestId('general-name') as HTMLInputElement;

describe('installation wizard', { timeout: TEST_TIMEOUT_MS }, () => {
  it('closes the form on an internalError refusal, keeping the entries for the next visit', async () => {
    const refusal = { status: 422, body: { status: 422, code: 'UNPROCESSABLE', message: 'Refused' } };
    const { unmount } = startWizard('/sono/installations/42?tab=general', {
      'GET /api/installations/42': { body: createInstallation() },
      'PUT /api/installations/42': refusal,
    });
    await screen.findByTestId('general-name', undefined, slow);
    fireEvent.change(nameInput(), { target: { value: 'Typed on site' } });
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('An internal error occurred while processing the data. Please check and try again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono'));
    expect(screen.queryByTestId('installation-wizard')).toBeNull();
    expect((await readDraft<{ name: string }>(generalKey))?.values.name).toBe('Typed on site');

    // Opened again: the entries are back, and say where they come from.
    unmount();
    startWizard('/sono/installations/42?tab=general', { 'GET /api/installations/42': { body: createInstallation() } });
    await waitFor(() => expect(nameInput().value).toBe('Typed on site'), slow);
    expect(screen.getByTestId('draft-notice')).toBeTruthy();
  });

  it('on a version conflict shows both values of a field changed on two devices and saves the chosen one on the new version', async () => {
    let current = createInstallation();
    let puts = 0;
    const { fake } = startWizard('/sono/installations/42?tab=general', {
      'GET /api/installations/42': () => ({ body: current }),
      'PUT /api/installations/42': (init) => {
        puts += 1;
        if (puts === 1) return conflict;
        const body = JSON.parse(String(init?.body)) as { name: string; version: number };
        return { body: { ...current, name: body.name, version: current.version + 1 } };
      },
    });
    await screen.findByTestId('general-name', undefined, slow);
    fireEvent.change(nameInput(), { target: { value: 'My bus' } });
    current = createInstallation({ name: 'Their bus', version: 4 });
    fireEvent.click(screen.getByTestId('step-save'));
    const choice = await screen.findByTestId('conflict-choice');
    expect(within(choice).getByTestId('conflict-mine-value').textContent).toBe('My bus');
    expect(within(choice).getByTestId('conflict-theirs-value').textContent).toBe('Their bus');
    // No reload, no retyping: the typed value stays until the choice is made.
    expect(nameInput().value).toBe('My bus');
    fireEvent.click(within(choice).getByTestId('conflict-apply'));
    const sentBodies = () => fake.calls.filter((c) => c.method === 'PUT' && c.path === '/api/installations/42').map((c) => JSON.parse(String(c.init?.body)) as { name: string; version: number });
    await waitFor(() => expect(sentBodies()).toHaveLength(2));
    expect(sentBodies()[1]).toMatchObject({ name: 'My bus', version: 4 });
    await waitFor(() => expect(screen.queryByTestId('conflict-choice')).toBeNull());
    await waitFor(() => expect(nameInput().value).toBe('My bus'));
  });

  it('reloaded offline halfway through, opens the tab its waiting saves lead to, with no other tab shown first', async () => {
    // The installation has its customer confirmed; the vehicle and system saves wait on the device.
    const copy = createInstallation({ customerDataConfirmed: true });
    for (const tab of ['vehicle', 'system'] as const) {
      const save = { endpoint: 'update' as const, installationId: 42, body: { version: 3 }, idempotencyKey: `k-${tab}` };
      await writePendingSave(draftKey('u1', 42, tab), { save, values: {}, tab, installation: 42, fleet: 'sono', createdAt: '2026-11-27T07:01:00.000Z' });
    }
    const titles: string[] = [];
    const observer = new MutationObserver(() => {
      const title = screen.queryByTestId('step-title')?.textContent;
      if (title && titles.at(-1) !== title) titles.push(title);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const { fake } = startWizard('/sono/installations/42?tab=setup', { 'GET /api/installations/42': { body: copy } });
    // The portal is out of reach: the waiting saves stay waiting.
    const answer = fake.fetchFn;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (init?.method === 'PUT' ? Promise.reject(new TypeError('Failed to fetch')) : answer(input, init)));
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Setup'), slow);
    observer.disconnect();
    expect(titles).toEqual(['Setup']);
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=setup');
  });

  it('restores unsaved entries kept on the device, and discards them on request', async () => {
    await writeDraft(generalKey, {
      values: { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Typed before the reload', comments: '' },
      savedAt: '2026-11-21T09:30:00.000Z',
    });
    startWizard('/sono/installations/42?tab=general', { 'GET /api/installations/42': { body: createInstallation() } });
    await waitFor(() => expect(nameInput().value).toBe('Typed before the reload'), slow);
    expect(screen.getByTestId('draft-notice').textContent).toContain('11/21/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(nameInput().value).toBe('Bus 12'));
    expect(await readDraft(generalKey)).toBeUndefined();
  });

  it('opens a new installation empty and offers the unsaved one once instead of merging it in', async () => {
    const newKey = draftKey('u1', 'new', 'general');
    const unsaved = { values: { systemSerialNumber: 'SN-NB-0001', startDate: '2026-11-20', name: 'Bus 4713 Betriebshof', comments: '' }, savedAt: '2026-11-21T15:59:00.000Z' };
    await writeDraft(newKey, unsaved);
    const { unmount } = startWizard('/sono/installations/new?tab=general', {});
    const offer = await screen.findByTestId('draft-offer', undefined, slow);
    expect(offer.textContent).toContain('Continue the unsaved installation of SN-NB-0001 from 11/21/2026');
    const serial = screen.getByTestId('general-serial') as HTMLInputElement;
    expect(serial.value).toBe('');
    expect(nameInput().value).toBe('');
    expect(screen.queryByTestId('draft-notice')).toBeNull();

    // Typing starts the next bus: the offer goes, nothing of the old one is merged in.
    fireEvent.change(serial, { target: { value: 'SN-NB-0021' } });
    await waitFor(() => expect(screen.queryByTestId('draft-offer')).toBeNull());
    expect(serial.value).toBe('SN-NB-0021');
    expect(nameInput().value).toBe('');
    await waitFor(async () => expect((await readDraft<{ systemSerialNumber: string }>(newKey))?.values.systemSerialNumber).toBe('SN-NB-0021'), {
      timeout: DRAFT_SAVE_DELAY_MS * 10,
    });
    unmount();

    // Taken up, the unsaved installation fills the form and says where it came from.
    await writeDraft(newKey, unsaved);
    const second = startWizard('/sono/installations/new?tab=general', {});
    fireEvent.click(await screen.findByTestId('draft-offer-continue', undefined, slow));
    await waitFor(() => expect(nameInput().value).toBe('Bus 4713 Betriebshof'));
    expect((screen.getByTestId('general-serial') as HTMLInputElement).value).toBe('SN-NB-0001');
    expect(screen.getByTestId('draft-notice')).toBeTruthy();
    second.unmount();

    // Declined, it is gone from the device and not offered again.
    startWizard('/sono/installations/new?tab=general', {});
    fireEvent.click(await screen.findByTestId('draft-offer-decline', undefined, slow));
    await waitFor(() => expect(screen.queryByTestId('draft-offer')).toBeNull());
    expect(nameInput().value).toBe('');
    await waitFor(async () => expect(await readDraft(newKey)).toBeUndefined());
  });

  it('copies what is typed to the device and forgets it once saved', async () => {
    const installation = createInstallation();
    startWizard('/sono/installations/42?tab=general', {
      'GET /api/installations/42': { body: installation },
      'PUT /api/installations/42': { body: { ...installation, name: 'Bus 13', version: 4 } },
    });
    await screen.findByTestId('general-name', undefined, slow);
    fireEvent.change(nameInput(), { target: { value: 'Bus 13' } });
    await waitFor(async () => expect((await readDraft<{ name: string }>(generalKey))?.values.name).toBe('Bus 13'), { timeout: DRAFT_SAVE_DELAY_MS * 10 });
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('The general data has been saved successfuly!')).toBeTruthy();
    await waitFor(async () => expect(await readDraft(generalKey)).toBeUndefined());
  });

  it('keeps a save that failed for lack of network and sends it again with the same key when back online', async () => {
    const installation = createInstallation();
    const { fake } = startWizard('/sono/installations/42?tab=general', {
      'GET /api/installations/42': { body: installation },
      'PUT /api/installations/42': { body: { ...installation, name: 'Offline bus', version: 4 } },
    });
    const answer = fake.fetchFn;
    let isOffline = true;
    // The device says it has no network, as a phone without signal does, and requests fail.
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !isOffline);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      isOffline && init?.method === 'PUT' ? (fake.calls.push({ method: 'PUT', path: '/api/installations/42', query: new URLSearchParams(), init }), Promise.reject(new TypeError('Failed to fetch'))) : answer(input, init),
    );
    await screen.findByTestId('general-name', undefined, slow);
    fireEvent.change(nameInput(), { target: { value: 'Offline bus' } });
    fireEvent.click(screen.getByTestId('step-save'));
    expect((await screen.findByTestId('offline-notice')).textContent).toContain('kept on this device');
    expect((await readPendingSave(generalKey))?.values).toMatchObject({ name: 'Offline bus' });

    isOffline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('The general data has been saved successfuly!', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('offline-notice')).toBeNull());
    const puts = fake.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(headerOf(puts[1], 'idempotency-key')).toBe(headerOf(puts[0], 'idempotency-key'));
    await waitFor(async () => expect(await readPendingSave(generalKey)).toBeUndefined());
    expect(nameInput().value).toBe('Offline bus');
  });

  it("asks to save unsaved changes on close; Don't save goes to the fleet home and forgets them", async () => {
    startWizard('/sono/installations/42?tab=general', { 'GET /api/installations/42': { body: createInstallation() } });
    await screen.findByTestId('general-name', undefined, slow);
    fireEvent.change(nameInput(), { target: { value: 'Not wanted' } });
    fireEvent.click(screen.getByTestId('wizard-close'));
    const dialog = await screen.findByTestId('close-dialog');
    expect(dialog.textContent).toContain('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: "Don't save" }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono'));
    expect(await readDraft(generalKey)).toBeUndefined();
  });

  it('closes at once without changes, and opens a completed installation read-only', async () => {
    startWizard('/sono/installations/42?tab=general', { 'GET /api/installations/42': { body: createInstallation({ status: 'completed' }) } });
    await screen.findByTestId('completed-notice', undefined, slow);
    expect(nameInput().closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByTestId('step-save')).toBeNull();
    expect(screen.queryByTestId('dot-general')).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-close'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono'));
  });

  it('shows help for the setup tab and keeps later tabs closed until their data exists', async () => {
    startWizard('/sono/installations/42?tab=setup', { 'GET /api/installations/42': { body: createInstallation({ customerDataConfirmed: true }) } });
    // Without a vehicle the setup tab is out of reach: the wizard opens the furthest tab it can.
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Vehicle'), slow);
    expect((screen.getByTestId('dot-system') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('dot-general') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('help-button')).toBeNull();
  });
});

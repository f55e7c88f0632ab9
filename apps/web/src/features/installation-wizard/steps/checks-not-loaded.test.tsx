import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { draftKey, readDraft } from '../lib/draft-storage';
import { createInstallation } from '../testing/installation-factory';
import { isolateWizardTests, slow, startWizardOnTab, TEST_TIMEOUT_MS } from '@/test/start-wizard';

// The tab's checks load after it has painted. Here they never come, as when the connection went before
// they had loaded and no service worker keeps them yet.
vi.mock('@hookform/resolvers/zod', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

isolateWizardTests();

describe('a tab whose checks could not be loaded', { timeout: TEST_TIMEOUT_MS }, () => {
  it('says why Save does nothing yet, sends nothing, and keeps the entries', async () => {
    const { fake } = startWizardOnTab(createInstallation({ customerDataConfirmed: true }), 'vehicle');
    fireEvent.change(await screen.findByTestId('vehicle-manufacturer', undefined, slow), { target: { value: 'MAN' } });
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('Not ready to save yet', undefined, slow)).toBeTruthy();
    expect(
      screen.getByText("This tab's checks had not loaded on this device when the connection was lost. Your entries are kept here; save again as soon as the connection is back."),
    ).toBeTruthy();
    expect(fake.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(screen.getByTestId('step-title').textContent).toBe('Vehicle');
    expect(screen.getByTestId('vehicle-manufacturer')).toHaveProperty('value', 'MAN');
    // The entries are kept on the device, for the save once the connection is back.
    await waitFor(async () => expect((await readDraft(draftKey('u1', 42, 'vehicle')))?.values).toMatchObject({ manufacturer: 'MAN' }), slow);
  });

  it('says so in German, on Next as well', async () => {
    await act(() => i18n.changeLanguage('de'));
    const { fake } = startWizardOnTab(createInstallation({ customerDataConfirmed: true }), 'vehicle');
    fireEvent.change(await screen.findByTestId('vehicle-manufacturer', undefined, slow), { target: { value: 'MAN' } });
    fireEvent.click(screen.getByTestId('step-next'));
    expect(await screen.findByText('Noch nicht speicherbar', undefined, slow)).toBeTruthy();
    expect(screen.getByText(/Ihre Eingaben bleiben hier erhalten; speichern Sie erneut, sobald die Verbindung wieder da ist\./)).toBeTruthy();
    expect(fake.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(screen.getByTestId('step-title').textContent).toBe('Fahrzeug');
  });
});

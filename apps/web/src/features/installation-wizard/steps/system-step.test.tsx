import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { createInstallationWithVehicle } from '../testing/installation-factory';
import { bodiesOf, isolateWizardTests, slow, startWizard, startWizardOnTab, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

describe('system tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('saves the confirmation of the controller serial numbers with the installation, then opens setup', async () => {
    const installation = createInstallationWithVehicle();
    const { fake } = startWizardOnTab(installation, 'system', { 'PUT /api/installations/42': { body: { ...installation, systemDataConfirmed: true, version: 4 } } });
    const next = (await screen.findByTestId('step-next', undefined, slow)) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('system-confirm'));
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Setup'), slow);
    expect(bodiesOf(fake, 'PUT', '/api/installations/42')).toEqual([{ version: 3, systemDataConfirmed: true }]);
  });

  it('keeps setup open after a reload or on another device once the confirmation is saved', async () => {
    startWizard('/sono/installations/42?tab=setup', { 'GET /api/installations/42': { body: createInstallationWithVehicle({ systemDataConfirmed: true }) } });
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Setup'), slow);
  });

  it('opens the system tab instead of setup while the serial numbers are not confirmed', async () => {
    startWizard('/sono/installations/42?tab=setup', { 'GET /api/installations/42': { body: createInstallationWithVehicle() } });
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('System'), slow);
    expect((screen.getByTestId('system-confirm') as HTMLInputElement).checked).toBe(false);
  });

  it.each([
    { language: 'en', hint: 'To continue, confirm above that the serial numbers and the IMEI match the devices.', confirm: /charge controllers and the IMEI of the telematics unit/ },
    { language: 'de', hint: 'Um fortzufahren, bestätigen Sie oben, dass Seriennummern und IMEI mit den Geräten übereinstimmen.', confirm: /Laderegler und die IMEI der Telematikeinheit/ },
  ])('says beside the disabled Next what it waits for; the confirmation covers the telematics unit and stands below it ($language)', async ({ language, hint, confirm }) => {
    startWizardOnTab(createInstallationWithVehicle(), 'system', {});
    await act(() => i18n.changeLanguage(language));
    const next = (await screen.findByTestId('step-next', undefined, slow)) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(screen.getByTestId('step-next-hint').textContent).toBe(hint);
    expect(next.getAttribute('aria-describedby')).toBe('step-next-hint');
    const box = screen.getByTestId('system-confirm');
    expect(screen.getByLabelText(confirm)).toBe(box);
    // The box follows the IMEI in the page, so the installer meets it on the way to Next.
    expect(screen.getByTestId('system-imei').compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(next.disabled).toBe(false));
    expect(screen.queryByTestId('step-next-hint')).toBeNull();
  });
});

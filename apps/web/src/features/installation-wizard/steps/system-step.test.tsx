import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
});

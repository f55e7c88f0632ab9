import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createInstallation } from '../testing/installation-factory';
import { bodiesOf, isolateWizardTests, slow, startWizardOnTab, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

describe('customer tab', { timeout: TEST_TIMEOUT_MS }, () => {
  it('shows the customer read-only and keeps Next disabled until the data is confirmed', async () => {
    const installation = createInstallation();
    const { fake } = startWizardOnTab(installation, 'customer', { 'PUT /api/installations/42': { body: { ...installation, customerDataConfirmed: true, version: 4 } } });
    const name = await screen.findByTestId('customer-name', undefined, slow);
    expect(name).toHaveProperty('value', 'Sono Motors GmbH');
    expect(name.hasAttribute('readonly')).toBe(true);
    expect(screen.getByTestId('customer-email')).toHaveProperty('value', 'fleet@sonomotors.example');
    const next = screen.getByTestId('step-next') as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByText('Please confirm the information is correct')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByLabelText('I confirm that the customer information is correct.'));
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=vehicle'));
    expect(bodiesOf(fake, 'PUT', '/api/installations/42')).toEqual([{ version: 3, customerDataConfirmed: true }]);
  });
});

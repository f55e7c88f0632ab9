import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { isolateWizardTests, slow, startWizard, TEST_TIMEOUT_MS } from '@/test/start-wizard';

isolateWizardTests();

const fleet = (hasOwnInstallations: boolean) => ({
  'GET /api/fleets/sono': {
    body: { slug: 'sono', name: 'Sono Demo Fleet', role: 'installer', customer: { name: 'Sono Motors GmbH', primaryContact: 'Laurin Hahn', emailAddress: 'fleet@sonomotors.example' }, hasOwnInstallations },
  },
});

describe('welcome page of a new installation', { timeout: TEST_TIMEOUT_MS }, () => {
  it('shows the whole checklist before the installer’s first installation in the fleet, with Start below it', async () => {
    startWizard('/sono/installations/new', fleet(false));
    expect(await screen.findByTestId('what-to-expect', undefined, slow)).toBeTruthy();
    expect(screen.getByText('Before you start')).toBeTruthy();
    expect(screen.queryByTestId('pre-toggle')).toBeNull();
    // Start sits in the bar that stays at the bottom of the screen while the checklist scrolls.
    expect(screen.getByTestId('pre-actions').contains(screen.getByTestId('pre-start'))).toBe(true);
  });

  it('folds the checklist into one line after the first installation; one tap unfolds it and another folds it again', async () => {
    startWizard('/sono/installations/new', fleet(true));
    const toggle = await screen.findByRole('button', { name: 'Show the checklist' }, slow);
    expect(screen.getByTestId('pre-summary').textContent).toContain('serial number');
    expect(screen.queryByTestId('what-to-expect')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('pre-start')).toBeTruthy();

    fireEvent.click(toggle);
    expect(await screen.findByTestId('what-to-expect')).toBeTruthy();
    expect(screen.getByTestId('support-link')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide the checklist' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Hide the checklist' }));
    expect(screen.queryByTestId('what-to-expect')).toBeNull();
    fireEvent.click(screen.getByTestId('pre-start'));
    expect(await screen.findByTestId('general-serial', undefined, slow)).toBeTruthy();
  });
});

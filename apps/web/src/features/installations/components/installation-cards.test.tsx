import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { createInstallationListItem } from '@/test/installations';
import { renderWithProviders } from '@/test/render';
import { InstallationCards } from './installation-cards';

const draft = createInstallationListItem({ id: 3, name: 'Bus 4713 Betriebshof', step: 'vehicle' });
const completed = createInstallationListItem({ id: 4, name: 'Bus 4712 Betriebshof', status: 'completed' });

function renderCards() {
  return renderWithProviders(
    <InstallationCards fleet="sono" items={[draft, completed]} isLoading={false} skeletonRows={3} emptyText="none" onDelete={() => undefined} />,
    { route: '/sono' },
  );
}

const cardOf = (name: string) => screen.getByText(name).closest('[data-testid="installation-row"]') as HTMLElement;

describe('InstallationCards (phones)', () => {
  it('a draft card says Continue and how far the draft got; a completed one neither', () => {
    renderCards();
    const card = within(cardOf('Bus 4713 Betriebshof'));
    expect(card.getByTestId('installation-step').textContent).toBe('Vehicle, 3 of 8');
    expect(card.getByRole('link', { name: 'Continue Bus 4713 Betriebshof' }).textContent).toBe('Continue');
    const done = within(cardOf('Bus 4712 Betriebshof'));
    expect(done.queryByTestId('installation-step')).toBeNull();
    expect(done.getByRole('link', { name: 'View details of Bus 4712 Betriebshof' })).toBeTruthy();
  });

  it('speaks German in German', async () => {
    await i18n.changeLanguage('de');
    renderCards();
    const card = within(cardOf('Bus 4713 Betriebshof'));
    expect(card.getByTestId('installation-step').textContent).toBe('Fahrzeug, Schritt 3 von 8');
    expect(card.getByRole('link', { name: 'Bus 4713 Betriebshof fortsetzen' }).textContent).toBe('Fortsetzen');
  });
});

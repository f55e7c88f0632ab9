import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FleetMembership, Me } from '@portal/domain/fleet';
import type { fakeFetch } from '@/test/render';
import { fleetBody, resetSessionAroundEachTest, startApp } from '@/test/start-app';

const slow = { timeout: 5000 };
const company = { name: 'Solarfit Installations GmbH', shortName: 'solarfit', email: 'office@solarfit.example' };

function start(route: string, role: FleetMembership['role'], routes: Parameters<typeof fakeFetch>[0] = {}, { withCompany = true } = {}) {
  const sono: FleetMembership = { slug: 'sono', name: 'Sono Demo Fleet', role };
  const me: Me = { id: 'u1', name: 'Ina Installer', email: 'ina@example.com', company: withCompany ? company : null, fleets: [sono], isOperator: false };
  return startApp(route, {
    'GET /api/me': { body: me },
    'GET /api/fleets/sono': { body: fleetBody(sono) },
    'GET /api/admin/sono/systems': { body: { total: 0, page: 1, pageSize: 20, items: [] } },
    'GET /api/admin/sono/members': { body: [{ userId: 'u1', email: me.email, name: me.name, role, signedIn: true }] },
    'GET /api/partners': { body: [] },
    ...routes,
  });
}

resetSessionAroundEachTest();

describe('#/:fleet/admin', () => {
  it('shows an installer the access denied screen and asks the API nothing', async () => {
    const fake = start('/sono/admin', 'installer');
    expect((await screen.findByTestId('access-denied', undefined, slow)).textContent).toContain('You do not have permission to access this page.');
    expect(fake.calls.some((call) => call.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('opens the product registry for an admin and switches to access', async () => {
    start('/sono/admin', 'admin');
    expect(await screen.findByRole('tab', { name: 'Product registry', selected: true }, slow)).toBeTruthy();
    expect(await screen.findByText('No systems yet.')).toBeTruthy();
    expect(screen.getByTestId('csv-format').textContent).toContain('controller_type');
    fireEvent.click(screen.getByRole('tab', { name: 'Access' }));
    expect(await screen.findByTestId('invite-form')).toBeTruthy();
    expect(within(await screen.findByTestId('member-row')).getByText('You')).toBeTruthy();
  });

  it('shows access denied when the API answers 404 (no longer a member)', async () => {
    start('/sono/admin?tab=access', 'admin', {
      'GET /api/admin/sono/members': { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Fleet not found' } },
    });
    expect(await screen.findByTestId('access-denied', undefined, slow)).toBeTruthy();
  });
});

describe('#/:fleet/partners', () => {
  it("is in the menu after Installations and lists the company's partners", async () => {
    start('/sono/partners', 'installer', { 'GET /api/partners': { body: [{ id: 1, name: 'Miller Solar', email: 'info@miller.example', installationCount: 0 }] } });
    expect(await screen.findByRole('heading', { name: 'Partners', level: 1 }, slow)).toBeTruthy();
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Partners')).toBe(links.indexOf('Installations') + 1);
    expect((await screen.findByTestId('partner-row')).textContent).toContain('Miller Solar');
    expect(screen.getByText('Solarfit Installations GmbH')).toBeTruthy();
  });

  it('explains that an account without a company has no partners', async () => {
    start('/sono/partners', 'installer', {}, { withCompany: false });
    expect(await screen.findByTestId('partners-no-company', undefined, slow)).toBeTruthy();
  });
});

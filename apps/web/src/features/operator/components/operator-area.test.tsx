import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import type { OperatorCompany, OperatorFleet } from '@portal/domain/operator';
import { configureApiAuth, resetApiAuth } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { OperatorArea } from './operator-area';

type Routes = Parameters<typeof fakeFetch>[0];

const sono: OperatorFleet = {
  id: 1,
  slug: 'sono',
  name: 'Sono Demo Fleet',
  customerName: 'Sono Motors',
  primaryContact: 'Max',
  email: 'fleet@sono.example',
  timeZone: 'Europe/Berlin',
  admins: [{ id: 'u1', name: 'Ada', email: 'ada@sfi.example' }],
  memberCount: 3,
};
const sfi: OperatorCompany = { id: 7, name: 'Solarfit Installations GmbH', shortName: 'SFI', email: 'office@sfi.example', members: [{ id: 'u1', name: 'Ada', email: 'ada@sfi.example' }] };

function renderArea(routes: Routes, route = '/operator') {
  const fake = fakeFetch({ 'GET /api/operator/fleets': { body: [sono] }, 'GET /api/operator/companies': { body: [sfi] }, ...routes });
  vi.stubGlobal('fetch', fake.fetchFn);
  renderWithProviders(
    <>
      <Notifications />
      <OperatorArea />
    </>,
    { route },
  );
  const bodyOf = (method: string, path: string) => {
    const call = fake.calls.filter((c) => c.method === method && c.path === path).at(-1);
    return call?.init?.body ? (JSON.parse(String(call.init.body)) as unknown) : undefined;
  };
  return { fake, bodyOf };
}

function fieldError(testId: string): string | null {
  const input = screen.getByTestId(testId);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  // The error only, not the field's help line.
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

function fillFleet(values: Partial<Record<'slug' | 'name' | 'customer' | 'contact' | 'email', string>>) {
  for (const [field, value] of Object.entries(values)) fireEvent.input(screen.getByTestId(`fleet-${field}`), { target: { value } });
}

const taken = (field: 'slug' | 'name') => ({ status: 409, body: { status: 409, code: 'FLEET_EXISTS', message: `The fleet with this ${field} is already in use`, details: { field } } });

beforeEach(() => {
  configureApiAuth({ getToken: async () => 'token-1', onUnauthorized: () => undefined });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetApiAuth();
  await i18n.changeLanguage('en');
});

describe('OperatorArea: fleets', () => {
  it('lists every fleet with its customer and admins', async () => {
    renderArea({});
    const row = await screen.findByTestId('operator-fleet-row');
    expect(row.textContent).toContain('Sono Demo Fleet');
    expect(row.textContent).toContain('#/sono');
    expect(row.textContent).toContain('Sono Motors');
    expect(row.textContent).toContain('ada@sfi.example');
    expect(within(row).getByRole('button', { name: 'Edit Sono Demo Fleet' })).toBeTruthy();
  });

  it('checks the form with the domain rules before anything is sent', async () => {
    const { fake } = renderArea({});
    fireEvent.click(await screen.findByTestId('fleet-create'));
    await screen.findByTestId('fleet-form');
    fillFleet({ slug: 'Not a slug!', email: 'nope' });
    fireEvent.click(screen.getByTestId('fleet-save'));
    await waitFor(() => expect(fieldError('fleet-slug')).toBe('Use 2 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit.'));
    expect(fieldError('fleet-name')).toBe('The name is required');
    expect(fieldError('fleet-email')).toBe('Please enter a valid email address.');
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each([
    ['en', 'slug', 'fleet-slug', 'The fleet with this slug is already in use'],
    ['en', 'name', 'fleet-name', 'The fleet with this name is already in use'],
    ['de', 'slug', 'fleet-slug', 'Die Flotte mit diesem Kürzel wird bereits verwendet'],
    ['de', 'name', 'fleet-name', 'Die Flotte mit diesem Namen wird bereits verwendet'],
  ] as const)('%s: a taken %s answers 409 and the form says so at the field', async (locale, field, testId, message) => {
    await i18n.changeLanguage(locale);
    renderArea({ 'POST /api/operator/fleets': taken(field) });
    fireEvent.click(await screen.findByTestId('fleet-create'));
    await screen.findByTestId('fleet-form');
    fillFleet({ slug: 'sono', name: 'Sono Demo Fleet', customer: 'Sono Motors', contact: 'Max', email: 'fleet@sono.example' });
    fireEvent.click(screen.getByTestId('fleet-save'));
    await waitFor(() => expect(fieldError(testId)).toBe(message));
    expect(screen.getByTestId('fleet-form')).toBeTruthy();
  });

  it('creates a fleet with lower-cased slug and email and tells so', async () => {
    let fleets = [sono];
    const { bodyOf } = renderArea({
      'GET /api/operator/fleets': () => ({ body: fleets }),
      'POST /api/operator/fleets': (init) => {
        const input = JSON.parse(String(init?.body)) as Omit<OperatorFleet, 'id' | 'admins' | 'memberCount'>;
        const created = { ...input, id: 2, admins: [], memberCount: 0 };
        fleets = [...fleets, created];
        return { status: 201, body: created };
      },
    });
    fireEvent.click(await screen.findByTestId('fleet-create'));
    await screen.findByTestId('fleet-form');
    fillFleet({ slug: ' NordBus ', name: 'Nordbus', customer: 'Nordbus AG', contact: 'Jan', email: 'Fleet@Nordbus.Example' });
    fireEvent.click(screen.getByTestId('fleet-save'));
    expect(await screen.findByText('The fleet “Nordbus” has been created.')).toBeTruthy();
    expect(bodyOf('POST', '/api/operator/fleets')).toEqual({ slug: 'nordbus', name: 'Nordbus', customerName: 'Nordbus AG', primaryContact: 'Jan', email: 'fleet@nordbus.example', timeZone: 'Europe/Berlin' });
    await waitFor(() => expect(screen.getAllByTestId('operator-fleet-row')).toHaveLength(2));
  });

  it('makes someone the admin of a fleet, joining the chosen company', async () => {
    const { bodyOf } = renderArea({ 'POST /api/operator/fleets/1/members': { body: sono } });
    fireEvent.click(await screen.findByTestId('fleet-make-admin'));
    const form = within(await screen.findByTestId('person-form'));
    fireEvent.input(form.getByTestId('person-email'), { target: { value: 'Boss@SFI.example' } });
    await waitFor(() => expect(form.getByRole('option', { name: 'Solarfit Installations GmbH (SFI)' })).toBeTruthy());
    fireEvent.change(form.getByTestId('person-company'), { target: { value: '7' } });
    fireEvent.click(form.getByTestId('person-save'));
    expect(await screen.findByText('boss@sfi.example is now an admin of Sono Demo Fleet.')).toBeTruthy();
    expect(bodyOf('POST', '/api/operator/fleets/1/members')).toEqual({ email: 'boss@sfi.example', companyId: 7, role: 'admin' });
  });
});

describe('OperatorArea: installer companies', () => {
  it('lists companies with members, and a taken short name shows at its field in German', async () => {
    await i18n.changeLanguage('de');
    renderArea({
      'POST /api/operator/companies': {
        status: 409,
        body: { status: 409, code: 'COMPANY_EXISTS', message: 'taken', details: { field: 'shortName' } },
      },
    }, '/operator?tab=companies');
    const row = await screen.findByTestId('operator-company-row');
    expect(row.textContent).toContain('Solarfit Installations GmbH');
    expect(row.textContent).toContain('ada@sfi.example');
    fireEvent.click(screen.getByTestId('company-create'));
    await screen.findByTestId('company-form');
    fireEvent.input(screen.getByTestId('company-name'), { target: { value: 'Sunwerk' } });
    fireEvent.input(screen.getByTestId('company-short-name'), { target: { value: 'SFI' } });
    fireEvent.input(screen.getByTestId('company-email'), { target: { value: 'office@sunwerk.example' } });
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(fieldError('company-short-name')).toBe('Der Installationsbetrieb mit diesem Kurznamen wird bereits verwendet'));
  });

  it('adds a person to a company', async () => {
    const { bodyOf } = renderArea({ 'POST /api/operator/companies/7/members': { body: sfi } }, '/operator?tab=companies');
    fireEvent.click(await screen.findByTestId('company-add-person'));
    const form = within(await screen.findByTestId('person-form'));
    expect(form.queryByTestId('person-company')).toBeNull();
    fireEvent.input(form.getByTestId('person-email'), { target: { value: 'new@sfi.example' } });
    fireEvent.click(form.getByTestId('person-save'));
    expect(await screen.findByText('new@sfi.example now belongs to Solarfit Installations GmbH.')).toBeTruthy();
    expect(bodyOf('POST', '/api/operator/companies/7/members')).toEqual({ email: 'new@sfi.example' });
  });
});

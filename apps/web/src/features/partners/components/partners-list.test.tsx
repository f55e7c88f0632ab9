import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import type { Partner } from '@portal/domain/partner';
import { i18n } from '@/lib/i18n';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { PartnersList } from './partners-list';
import { signInApiForEachTest } from '@/test/signed-in-api';

type Routes = Parameters<typeof fakeFetch>[0];

let nextId = 1;
function createPartner(overrides: Partial<Partner> = {}): Partner {
  const id = overrides.id ?? nextId++;
  return { id, name: `Partner ${id}`, email: `partner${id}@example.com`, installationCount: 0, ...overrides };
}

const conflict = (code: string, field: 'name' | 'email') => ({
  status: 409,
  body: { status: 409, code, message: `A partner with this ${field} already exists`, details: { field } },
});

type HelpContacts = Parameters<typeof PartnersList>[0]['helpContacts'];

function renderPartners(routes: Routes, { hasCompany = true, helpContacts }: { hasCompany?: boolean; helpContacts?: HelpContacts } = {}) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetchFn);
  renderWithProviders(
    <>
      <Notifications />
      <PartnersList hasCompany={hasCompany} helpContacts={helpContacts} />
    </>,
  );
  const bodyOf = (method: string) => {
    const call = fake.calls.filter((c) => c.method === method).at(-1);
    return call?.init?.body ? (JSON.parse(String(call.init.body)) as unknown) : undefined;
  };
  return { fake, bodyOf };
}

/** The message the field points to with aria-describedby, and whether it is marked invalid. */
function fieldError(testId: string): string | null {
  const input = screen.getByTestId(testId);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

async function openAddForm() {
  fireEvent.click(await screen.findByTestId('partner-add'));
  return within(await screen.findByTestId('partner-form'));
}

function fill(name: string, email: string) {
  fireEvent.input(screen.getByTestId('partner-name'), { target: { value: name } });
  fireEvent.input(screen.getByTestId('partner-email'), { target: { value: email } });
}

signInApiForEachTest();

describe('PartnersList', () => {
  it('lists name, email and the number of installations', async () => {
    renderPartners({ 'GET /api/partners': { body: [createPartner({ name: 'Miller Solar', email: 'info@miller.example', installationCount: 3 })] } });
    const row = await screen.findByTestId('partner-row');
    expect(row.textContent).toContain('Miller Solar');
    expect(row.textContent).toContain('info@miller.example');
    expect(row.textContent).toContain('3');
    expect(within(row).getByRole('button', { name: 'Edit Miller Solar' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete Miller Solar' })).toBeTruthy();
  });

  it("says 'No partners yet.' for an empty list, in German too", async () => {
    renderPartners({ 'GET /api/partners': { body: [] } });
    expect((await screen.findByTestId('partners-empty')).textContent).toBe('No partners yet.');
    await i18n.changeLanguage('de');
    expect((await screen.findByTestId('partners-empty')).textContent).toBe('Noch keine Partner.');
  });

  it('checks the form with the domain rules before anything is sent', async () => {
    const { fake } = renderPartners({ 'GET /api/partners': { body: [] } });
    const form = await openAddForm();
    fireEvent.click(form.getByTestId('partner-save'));
    await waitFor(() => expect(fieldError('partner-name')).toBe('The name is required'));
    expect(fieldError('partner-email')).toBe('The email is required');

    fill('Miller Solar', 'not-an-address');
    fireEvent.click(form.getByTestId('partner-save'));
    await waitFor(() => expect(fieldError('partner-email')).toBe('Please enter a valid email address.'));
    expect(fieldError('partner-name')).toBeNull();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await i18n.changeLanguage('de');
    await waitFor(() => expect(fieldError('partner-email')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.'));
  });

  it('adds a partner, trimmed and lower-cased, and tells so', async () => {
    let partners: Partner[] = [];
    const { bodyOf } = renderPartners({
      'GET /api/partners': () => ({ body: partners }),
      'POST /api/partners': (init) => {
        const input = JSON.parse(String(init?.body)) as { name: string; email: string };
        const created = createPartner(input);
        partners = [created];
        return { status: 201, body: created };
      },
    });
    await openAddForm();
    fill('  Miller Solar ', ' Info@Miller.Example ');
    fireEvent.click(screen.getByTestId('partner-save'));
    expect(await screen.findByText('The partner “Miller Solar” has been added.')).toBeTruthy();
    expect(bodyOf('POST')).toEqual({ name: 'Miller Solar', email: 'info@miller.example' });
    expect((await screen.findByTestId('partner-row')).textContent).toContain('Miller Solar');
    await waitFor(() => expect(screen.queryByTestId('partner-form')).toBeNull());
  });

  it.each([
    ['en', 'PARTNER_NAME_EXISTS', 'name', 'partner-name', 'A partner with this name already exists.'],
    ['en', 'PARTNER_EMAIL_EXISTS', 'email', 'partner-email', 'A partner with this email address already exists.'],
    ['de', 'PARTNER_NAME_EXISTS', 'name', 'partner-name', 'Ein Partner mit diesem Namen existiert bereits.'],
    ['de', 'PARTNER_EMAIL_EXISTS', 'email', 'partner-email', 'Ein Partner mit dieser E-Mail-Adresse existiert bereits.'],
  ] as const)('%s: shows %s beside the %s field', async (locale, code, field, testId, message) => {
    await i18n.changeLanguage(locale);
    renderPartners({ 'GET /api/partners': { body: [] }, 'POST /api/partners': conflict(code, field) });
    await openAddForm();
    fill('Miller Solar', 'info@miller.example');
    fireEvent.click(screen.getByTestId('partner-save'));
    await waitFor(() => expect(fieldError(testId)).toBe(message));
    const other = testId === 'partner-name' ? 'partner-email' : 'partner-name';
    expect(fieldError(other)).toBeNull();
    // The form stays open with what was typed, ready for a correction.
    expect((screen.getByTestId('partner-name') as HTMLInputElement).value).toBe('Miller Solar');
  });

  it("maps the server's validation details to the field", async () => {
    renderPartners({
      'GET /api/partners': { body: [] },
      'POST /api/partners': {
        status: 400,
        body: { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid request', details: [{ path: 'body.email', message: 'invalidEmail' }] },
      },
    });
    await openAddForm();
    fill('Miller Solar', 'info@miller.example');
    fireEvent.click(screen.getByTestId('partner-save'));
    await waitFor(() => expect(fieldError('partner-email')).toBe('Please enter a valid email address.'));
  });

  it('edits a partner in the same form, starting from its values', async () => {
    const partner = createPartner({ name: 'Miller Solar', email: 'info@miller.example' });
    const { fake, bodyOf } = renderPartners({
      'GET /api/partners': { body: [partner] },
      [`PUT /api/partners/${partner.id}`]: { body: { ...partner, name: 'Miller Solar GmbH' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Miller Solar' }));
    const form = within(await screen.findByTestId('partner-form'));
    expect(form.getByText('Edit partner')).toBeTruthy();
    expect((screen.getByTestId('partner-email') as HTMLInputElement).value).toBe('info@miller.example');
    fireEvent.input(screen.getByTestId('partner-name'), { target: { value: 'Miller Solar GmbH' } });
    fireEvent.click(form.getByTestId('partner-save'));
    expect(await screen.findByText('The partner “Miller Solar GmbH” has been saved.')).toBeTruthy();
    expect(bodyOf('PUT')).toEqual({ name: 'Miller Solar GmbH', email: 'info@miller.example' });
    expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("says why a partner on another fleet's draft cannot be changed, in English and German", async () => {
    const partner = createPartner({ name: 'Miller Solar', email: 'info@miller.example' });
    const refusal = { status: 403, body: { status: 403, code: 'FORBIDDEN', message: 'Other fleet', details: { reason: 'partnerInOtherFleet' } } };
    renderPartners({ 'GET /api/partners': { body: [partner] }, [`PUT /api/partners/${partner.id}`]: refusal, [`DELETE /api/partners/${partner.id}`]: refusal });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Miller Solar' }));
    const form = within(await screen.findByTestId('partner-form'));
    fireEvent.input(screen.getByTestId('partner-name'), { target: { value: 'Miller Solar GmbH' } });
    fireEvent.click(form.getByTestId('partner-save'));
    expect((await form.findByRole('alert')).textContent).toContain('a fleet you are not a member of');
    await i18n.changeLanguage('de');
    expect((await form.findByRole('alert')).textContent).toContain('einer Flotte eingetragen, der Sie nicht angehören');
  });

  it('asks before deleting, says how many installations lose the partner, and deletes only on confirmation', async () => {
    const partner = createPartner({ name: 'Miller Solar', installationCount: 2 });
    let partners = [partner];
    const { fake } = renderPartners({
      'GET /api/partners': () => ({ body: partners }),
      [`DELETE /api/partners/${partner.id}`]: () => {
        partners = [];
        return { body: { unassigned: 2 } };
      },
    });
    const deletes = () => fake.calls.filter((call) => call.method === 'DELETE');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Miller Solar' }));
    let dialog = within(await screen.findByTestId('delete-partner-dialog'));
    expect(dialog.getByText('Do you really want to delete the partner “Miller Solar”? This cannot be undone.')).toBeTruthy();
    expect(dialog.getByTestId('partner-unassign-note').textContent).toBe(
      '2 installations are assigned to this partner. They are kept, but will no longer have a partner.',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('delete-partner-dialog')).toBeNull());
    expect(deletes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Miller Solar' }));
    dialog = within(await screen.findByTestId('delete-partner-dialog'));
    fireEvent.click(dialog.getByTestId('partner-delete-confirm'));
    expect(await screen.findByText('The partner “Miller Solar” has been deleted. 2 installations no longer have a partner.')).toBeTruthy();
    expect(deletes()).toHaveLength(1);
    expect(await screen.findByTestId('partners-empty')).toBeTruthy();
  });

  it('says in German that one installation is assigned', async () => {
    await i18n.changeLanguage('de');
    renderPartners({ 'GET /api/partners': { body: [createPartner({ name: 'Miller Solar', installationCount: 1 })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Miller Solar löschen' }));
    const dialog = within(await screen.findByTestId('delete-partner-dialog'));
    expect(dialog.getByTestId('partner-unassign-note').textContent).toBe(
      'Diesem Partner ist 1 Installation zugeordnet. Sie bleibt erhalten, hat danach aber keinen Partner mehr.',
    );
  });

  it('explains why an account without a company cannot add partners', async () => {
    renderPartners({ 'GET /api/partners': { body: [] } }, { hasCompany: false });
    expect((await screen.findByTestId('partners-no-company')).textContent).toContain('your account is not linked to one');
    expect(screen.getByTestId('partner-add').hasAttribute('disabled')).toBe(true);
  });

  it('names who can link the account to a company: the fleet admins and the portal operator', async () => {
    const helpContacts = { admins: [{ name: 'Ada Admin', email: 'ada@fleet.example' }], operatorEmail: 'support@vendor.example' };
    renderPartners({ 'GET /api/partners': { body: [] } }, { hasCompany: false, helpContacts });
    const contacts = within(await screen.findByTestId('partners-no-company-contacts'));
    expect(contacts.getByRole('link', { name: 'ada@fleet.example' }).getAttribute('href')).toBe('mailto:ada@fleet.example');
    expect(contacts.getByText(/Admin of this fleet, Ada Admin/)).toBeTruthy();
    expect(contacts.getByRole('link', { name: 'support@vendor.example' }).getAttribute('href')).toBe('mailto:support@vendor.example');
    await i18n.changeLanguage('de');
    expect(await contacts.findByText(/Betreiber des Portals/)).toBeTruthy();
  });

  it('explains a 403 of the server the same way', async () => {
    renderPartners({
      'GET /api/partners': { body: [] },
      'POST /api/partners': { status: 403, body: { status: 403, code: 'FORBIDDEN', message: 'Partners belong to an installer company' } },
    });
    await openAddForm();
    fill('Miller Solar', 'info@miller.example');
    fireEvent.click(screen.getByTestId('partner-save'));
    expect((await within(screen.getByTestId('partner-form')).findByRole('alert')).textContent).toContain('your account is not linked to one');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { deviceTimeZone } from '@portal/domain/installation-list';
import { configureApiAuth, resetApiAuth } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { installationKeys } from '@/lib/query-keys';
import { createInstallationListItem, fakeInstallationsApi } from '@/test/installations';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { RecentInstallations } from './recent-installations';

const draft = createInstallationListItem({
  id: 7,
  name: 'Bus 12 roof kit',
  systemSerialNumber: 'SN-DEMO-0003',
  startDate: '2026-11-20',
  vehicle: { type: 'bus', manufacturer: 'MAN', model: "Lion's City", vin: 'WMA12345678901234' },
  step: 'uploads',
});
const completed = createInstallationListItem({
  id: 5,
  name: 'Trailer 3',
  systemSerialNumber: 'SN-DEMO-0001',
  startDate: '2026-03-04',
  status: 'completed',
  createdBy: { name: 'Ina Installer', email: 'ina@example.com' },
});

function renderHome(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetchFn);
  const view = renderWithProviders(
    <Routes>
      <Route path="/:fleet" element={<RecentInstallations fleet="sono" />} />
      <Route path="/:fleet/installations" element={<h1>All installations</h1>} />
      <Route path="/:fleet/installations/:id" element={<h1>Installation page</h1>} />
    </Routes>,
    { route: '/sono' },
  );
  const listCalls = () => fake.calls.filter((call) => call.method === 'GET' && call.path === '/api/installations');
  return { ...view, fake, listCalls };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

beforeEach(() => {
  configureApiAuth({ getToken: async () => 'token-1', onUnauthorized: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiAuth();
});

describe('RecentInstallations (home)', () => {
  it("asks for the ten newest installations of the fleet, the installer's own drafts of today (on this device's clock) first", async () => {
    const { listCalls } = renderHome(fakeInstallationsApi([draft, completed]).routes);
    await screen.findByText('Bus 12 roof kit');
    const query = listCalls()[0]!.query;
    expect(Object.fromEntries(query)).toEqual({ fleet: 'sono', page: '1', pageSize: '10', sort: 'createdAt', order: 'desc', ownDraftsFirst: 'true', tz: deviceTimeZone() });
  });

  it('shows the step a draft reached beside its status, in English and German; a completed one shows none', async () => {
    renderHome(fakeInstallationsApi([draft, completed]).routes);
    const row = within(await rowOf('Bus 12 roof kit'));
    expect(row.getByTestId('installation-step').textContent).toBe('Uploads, 6 of 8');
    expect(row.getByRole('link', { name: 'Continue Bus 12 roof kit' })).toBeTruthy();
    expect(within(await rowOf('Trailer 3')).queryByTestId('installation-step')).toBeNull();

    await i18n.changeLanguage('de');
    expect(await row.findByText('Uploads, Schritt 6 von 8')).toBeTruthy();
  });

  it('shows name, serial number, vehicle, US date and status in English', async () => {
    renderHome(fakeInstallationsApi([draft, completed]).routes);
    const row = within(await rowOf('Bus 12 roof kit'));
    expect(row.getByText('SN-DEMO-0003')).toBeTruthy();
    expect(row.getByText("MAN Lion's City")).toBeTruthy();
    expect(row.getByText('11/20/2026')).toBeTruthy();
    expect(row.getByText('In Progress')).toBeTruthy();

    const other = within(await rowOf('Trailer 3'));
    expect(other.getByText('03/04/2026')).toBeTruthy();
    expect(other.getByText('Completed')).toBeTruthy();
    expect(other.getByText('–')).toBeTruthy();
    // Who created it, with the address on hover.
    expect(other.getByText('Ina Installer').getAttribute('title')).toBe('ina@example.com');
    expect(screen.getByRole('columnheader', { name: 'Created by' })).toBeTruthy();
  });

  it('writes dates DD/MM/YYYY and speaks German in German', async () => {
    await i18n.changeLanguage('de');
    renderHome(fakeInstallationsApi([draft, completed]).routes);
    const row = within(await rowOf('Bus 12 roof kit'));
    expect(row.getByText('20/11/2026')).toBeTruthy();
    expect(row.getByText('In Bearbeitung')).toBeTruthy();
    expect(within(await rowOf('Trailer 3')).getByText('04/03/2026')).toBeTruthy();
    expect(screen.getByText('Abgeschlossen')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Startdatum' })).toBeTruthy();
  });

  it('marks an installation submitted with failed checks beside Completed, in English and German', async () => {
    const withFailedChecks = { ...completed, id: 6, name: 'Van 9', proceededWithFailedChecks: true };
    renderHome(fakeInstallationsApi([withFailedChecks, completed]).routes);
    const cell = (await rowOf('Van 9')).querySelector('[data-status="completed"]')!.closest('td') as HTMLElement;
    expect(within(cell).getByText('Completed')).toBeTruthy();
    expect(within(cell).getByText('Failed checks')).toBeTruthy();
    expect(within(await rowOf('Trailer 3')).queryByText('Failed checks')).toBeNull();

    await i18n.changeLanguage('de');
    expect(await within(cell).findByText('Prüfung fehlgeschlagen')).toBeTruthy();
  });

  it("says 'No installations yet.' when the fleet has none", async () => {
    renderHome(fakeInstallationsApi([]).routes);
    expect(await screen.findByText('No installations yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Show all' })).toBeNull();
  });

  it('links to the installations screen and to the details of a row', async () => {
    renderHome(fakeInstallationsApi([draft]).routes);
    const showAll = await screen.findByRole('link', { name: 'Show all' });
    expect(showAll.getAttribute('href')).toBe('/sono/installations');
    fireEvent.click(screen.getByRole('link', { name: 'Continue Bus 12 roof kit' }));
    expect(await screen.findByRole('heading', { name: 'Installation page' })).toBeTruthy();
  });

  it('offers delete for drafts only', async () => {
    renderHome(fakeInstallationsApi([draft, completed]).routes);
    await screen.findByText('Trailer 3');
    expect(screen.getByRole('button', { name: 'Delete Bus 12 roof kit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Trailer 3' })).toBeNull();
    // A completed installation offers its report instead.
    expect(within(await rowOf('Trailer 3')).queryAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Download the report of Trailer 3']);
  });

  it('asks before deleting, then deletes and refreshes the list', async () => {
    const api = fakeInstallationsApi([draft, completed]);
    const { fake, listCalls, queryClient } = renderHome(api.routes);
    queryClient.setQueryData(installationKeys.detail(7), { id: 7 });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Bus 12 roof kit' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Delete installation' }));
    expect(dialog.getByText(/Do you really want to delete the installation “Bus 12 roof kit”/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);

    const loadsBefore = listCalls().length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bus 12 roof kit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Bus 12 roof kit')).toBeNull());
    expect(fake.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/installations/7']);
    expect(listCalls().length).toBeGreaterThan(loadsBefore);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Trailer 3')).toBeTruthy();
    expect(queryClient.getQueryData(installationKeys.detail(7))).toBeUndefined();
  });

  it('explains a refused delete when the installation was completed meanwhile', async () => {
    const api = fakeInstallationsApi([draft]);
    renderHome(api.routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Bus 12 roof kit' }));
    api.setRows([{ ...draft, status: 'completed' }]);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText('A completed installation cannot be deleted.')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the load error and the error modal when the list cannot be loaded', async () => {
    const { listCalls } = renderHome({
      'GET /api/installations': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'Database unavailable' } },
    });
    expect(await screen.findByText('Error loading data')).toBeTruthy();
    expect(await screen.findByTestId('error-modal')).toBeTruthy();
    expect(screen.getByTestId('error-modal-code').textContent).toBe('INTERNAL_ERROR');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('shows placeholders while the first page loads', async () => {
    renderHome(fakeInstallationsApi([draft]).routes);
    expect(screen.getAllByTestId('installation-skeleton').length).toBeGreaterThan(0);
    await screen.findByText('Bus 12 roof kit');
    expect(screen.queryByTestId('installation-skeleton')).toBeNull();
  });
});

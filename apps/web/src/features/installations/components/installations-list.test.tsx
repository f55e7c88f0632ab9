import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { InstallationListItem } from '@portal/domain/installation';
import { configureApiAuth, resetApiAuth } from '@/lib/api-client';
import { createInstallationListItem, fakeInstallationsApi } from '@/test/installations';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { InstallationsList } from './installations-list';

const manyRows = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    createInstallationListItem({ id: index + 1, name: `Van ${String(index + 1).padStart(2, '0')}`, systemSerialNumber: `SN-${String(index + 1).padStart(4, '0')}` }),
  );

function Location() {
  const { search } = useLocation();
  return <output data-testid="location-search">{search}</output>;
}

function renderList(rows: readonly InstallationListItem[], { route = '/sono/installations', fetchFn }: { route?: string; fetchFn?: typeof fetch } = {}) {
  const api = fakeInstallationsApi(rows);
  const fake = fakeFetch(api.routes);
  vi.stubGlobal('fetch', fetchFn ?? fake.fetchFn);
  renderWithProviders(
    <Routes>
      <Route
        path="/:fleet/installations"
        element={
          <>
            <InstallationsList fleet="sono" />
            <Location />
          </>
        }
      />
    </Routes>,
    { route },
  );
  const listQueries = () => fake.calls.filter((call) => call.method === 'GET' && call.path === '/api/installations').map((call) => call.query);
  const lastQuery = () => listQueries().at(-1)!;
  const urlSearch = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');
  return { api, fake, listQueries, lastQuery, urlSearch };
}

const header = (name: string) => screen.getByRole('columnheader', { name });

beforeEach(() => {
  configureApiAuth({ getToken: async () => 'token-1', onUnauthorized: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiAuth();
  (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({ width: 1024, height: 768 });
});

describe('InstallationsList', () => {
  it('loads the first page of 20, newest first, and says which rows it shows', async () => {
    const { lastQuery } = renderList(manyRows(25));
    expect(await screen.findByText('Van 25')).toBeTruthy();
    expect(Object.fromEntries(lastQuery())).toEqual({ fleet: 'sono', page: '1', pageSize: '20', sort: 'createdAt', order: 'desc' });
    expect(screen.getAllByTestId('installation-row')).toHaveLength(20);
    expect(screen.getByTestId('installations-range').textContent).toBe('1–20 of 25');
  });

  it('searches on the server once typing pauses, back on page 1, and keeps the search in the URL', async () => {
    const { listQueries, lastQuery, urlSearch } = renderList(manyRows(25), { route: '/sono/installations?page=2' });
    expect(await screen.findByText('Van 05')).toBeTruthy();
    expect(lastQuery().get('page')).toBe('2');

    const field = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(field, { target: { value: 'SN-00' } });
    fireEvent.change(field, { target: { value: 'SN-0012' } });
    await waitFor(() => expect(lastQuery().get('q')).toBe('SN-0012'));
    // One request for the whole word, not one per keystroke.
    expect(listQueries().filter((query) => query.has('q'))).toHaveLength(1);
    expect(lastQuery().get('page')).toBe('1');
    expect(await screen.findByText('Van 12')).toBeTruthy();
    expect(screen.getAllByTestId('installation-row')).toHaveLength(1);
    expect(urlSearch().get('q')).toBe('SN-0012');
    expect(urlSearch().has('page')).toBe(false);
  });

  it('takes search and page from the URL after a reload', async () => {
    const { lastQuery } = renderList(manyRows(25), { route: '/sono/installations?q=van&page=2&pageSize=10' });
    expect(await screen.findByText('Van 15')).toBeTruthy();
    expect(Object.fromEntries(lastQuery())).toMatchObject({ q: 'van', page: '2', pageSize: '10' });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('van');
    expect(screen.getByTestId('installations-range').textContent).toBe('11–20 of 25');
  });

  it('filters to the installations I created, keeps it in the URL and says when there are none', async () => {
    const me = { name: 'Me', email: 'me@example.com' };
    const rows = [
      createInstallationListItem({ id: 1, name: 'Mine', createdBy: me }),
      createInstallationListItem({ id: 2, name: 'Theirs', createdBy: { name: 'Colleague', email: 'colleague@example.com' } }),
    ];
    const { lastQuery, urlSearch } = renderList(rows, { route: '/sono/installations?page=2' });
    expect(await screen.findByText('Theirs')).toBeTruthy();
    expect(screen.getByText('Colleague')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Created by me' }));
    await waitFor(() => expect(lastQuery().get('mine')).toBe('true'));
    expect(lastQuery().get('page')).toBe('1');
    await waitFor(() => expect(screen.queryByText('Theirs')).toBeNull());
    expect(screen.getByText('Mine')).toBeTruthy();
    expect(urlSearch().get('mine')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Theirs')).toBeTruthy();
    expect(urlSearch().has('mine')).toBe(false);
  });

  it('says so when I created none', async () => {
    renderList([createInstallationListItem({ id: 1, name: 'Theirs' })], { route: '/sono/installations?mine=true' });
    expect((await screen.findByTestId('installations-empty')).textContent).toBe('You have not created any installations in this fleet yet.');
  });

  it('clears the search at once with the clear button', async () => {
    const { lastQuery, urlSearch } = renderList(manyRows(25), { route: '/sono/installations?q=SN-0012' });
    expect(await screen.findByText('Van 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastQuery().has('q')).toBe(false));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(urlSearch().has('q')).toBe(false);
    expect(await screen.findByText('Van 25')).toBeTruthy();
  });

  it('says when a search finds nothing', async () => {
    renderList(manyRows(3), { route: '/sono/installations?q=zzz' });
    expect(await screen.findByText('No installations match “zzz”.')).toBeTruthy();
  });

  it('sorts by a column on click and flips the order on the next click', async () => {
    const { lastQuery, urlSearch } = renderList(manyRows(5));
    await screen.findByText('Van 05');
    expect(header('Installation name').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header('Installation name')).getByRole('button'));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('name'));
    expect(lastQuery().get('order')).toBe('asc');
    await waitFor(() => expect(header('Installation name').getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(screen.getAllByTestId('installation-row')[0]!.textContent).toContain('Van 01'));

    fireEvent.click(within(header('Installation name')).getByRole('button'));
    await waitFor(() => expect(lastQuery().get('order')).toBe('desc'));
    expect(header('Installation name').getAttribute('aria-sort')).toBe('descending');
    expect(urlSearch().get('sort')).toBe('name');
    expect(urlSearch().get('order')).toBe('desc');

    fireEvent.click(within(header('Start date')).getByRole('button'));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('startDate'));
    expect(lastQuery().get('order')).toBe('asc');
    expect(header('Installation name').getAttribute('aria-sort')).toBe('none');
  });

  it('asks the server for page 2 and shows its rows', async () => {
    const { lastQuery, urlSearch } = renderList(manyRows(25));
    await screen.findByText('Van 25');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    expect(await screen.findByText('Van 05')).toBeTruthy();
    expect(screen.getAllByTestId('installation-row')).toHaveLength(5);
    expect(screen.getByTestId('installations-range').textContent).toBe('21–25 of 25');
    expect(urlSearch().get('page')).toBe('2');
  });

  it('changes the page size and starts again on page 1', async () => {
    const { lastQuery } = renderList(manyRows(60), { route: '/sono/installations?page=2' });
    await screen.findByText('Van 40');
    fireEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery().get('pageSize')).toBe('50'));
    expect(lastQuery().get('page')).toBe('1');
    await waitFor(() => expect(screen.getAllByTestId('installation-row')).toHaveLength(50));
  });

  it('keeps the current rows on screen while the next page loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeInstallationsApi(manyRows(25));
    const fake = fakeFetch(api.routes);
    const slowFetch: typeof fetch = async (input, init) => {
      if (String(input).includes('page=2')) await gate;
      return fake.fetchFn(input, init);
    };
    renderList(manyRows(25), { fetchFn: slowFetch });
    await screen.findByText('Van 25');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByText('Van 25')).toBeTruthy();
    expect(screen.queryByTestId('installation-skeleton')).toBeNull();
    release();
    expect(await screen.findByText('Van 05')).toBeTruthy();
    expect(screen.queryByText('Van 25')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
  });

  it('goes back to the last page when its last row was deleted', async () => {
    const { lastQuery } = renderList(manyRows(21), { route: '/sono/installations?page=2' });
    expect(await screen.findByText('Van 01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Van 01' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('1'));
    expect(await screen.findByText('Van 21')).toBeTruthy();
    expect(screen.getByTestId('installations-range').textContent).toBe('1–20 of 20');
  });

  it('offers delete only on the drafts the server says the caller may delete', async () => {
    renderList([
      createInstallationListItem({ id: 1, name: 'Own draft' }),
      createInstallationListItem({ id: 2, name: "Colleague's draft", canDelete: false }),
      createInstallationListItem({ id: 3, name: 'Done', status: 'completed' }),
    ]);
    await screen.findByText("Colleague's draft");
    expect(screen.getByRole('button', { name: 'Delete Own draft' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Delete Colleague's draft" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Done' })).toBeNull();
    expect(screen.getByRole('link', { name: "Continue Colleague's draft" })).toBeTruthy();
    // A completed one is viewed, a draft is continued.
    expect(screen.getByRole('link', { name: 'View details of Done' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View details of Own draft' })).toBeNull();
  });

  it('shows cards with large buttons and a sort menu on a phone', async () => {
    (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({ width: 390, height: 844 });
    const { lastQuery } = renderList([
      createInstallationListItem({ id: 1, name: 'Truck 1', status: 'completed' }),
      createInstallationListItem({ id: 2, name: 'Truck 2' }),
    ]);
    await screen.findByText('Truck 2');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Continue Truck 2' }).textContent).toBe('Continue');
    expect(within(cards[1]!).getByRole('link', { name: 'View details of Truck 1' }).textContent).toBe('View details');
    expect(within(cards[0]!).getByRole('button', { name: 'Delete Truck 2' })).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: /Delete/ })).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Installation name, ascending' }));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('name'));
    expect(lastQuery().get('order')).toBe('asc');
  });
});

import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { ConnectionBadge } from './connection-badge';
import { readWaiting, type WaitingChange } from '../hooks/use-waiting-items';
import { draftKey, resetDraftStoreForTests, writePendingSave } from '../lib/draft-storage';

const LOCAL_ID = -1_764_313_200_000;

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function openBadge(changes: WaitingChange[], names: Record<number, string> = {}) {
  const status = { isOnline: false, items: { changes, files: [] }, changes: changes.length, photos: 0, documents: 0, isShown: true };
  const { queryClient } = renderWithProviders(
    <>
      <ConnectionBadge status={status} />
      <Routes>
        <Route path="*" element={<Location />} />
      </Routes>
    </>,
    { route: '/sono' },
  );
  for (const [id, name] of Object.entries(names)) queryClient.setQueryData(['installation', Number(id)], { id: Number(id), name });
  fireEvent.click(screen.getByRole('button', { name: /show what is waiting/ }));
}

describe('the list of what waits on the device', () => {
  it('names each change by its tab and installation, and leads to that tab, closing the list', async () => {
    openBadge(
      [
        { key: `draft:u1:${LOCAL_ID}:vehicle`, tab: 'vehicle', installation: LOCAL_ID, fleet: 'sono' },
        { key: 'draft:u1:42:customer', tab: 'customer', installation: 42, fleet: 'sono' },
        { key: 'draft:u1:43:setup', tab: 'setup', installation: 43, fleet: 'sono' },
      ],
      { [LOCAL_ID]: 'Bus 4713 Betriebshof', 42: 'Bus 12' },
    );
    const list = await screen.findByTestId('waiting-list');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Vehicle · Bus 4713 BetriebshofChange, saved while offline',
      'Customer · Bus 12Change, saved while offline',
      // Not on the device: named by its number.
      'Setup · Installation 43Change, saved while offline',
    ]);
    expect(links[0]!.getAttribute('href')).toBe(`/sono/installations/${LOCAL_ID}?tab=vehicle`);

    fireEvent.click(links[1]!);
    expect(screen.getByTestId('location').textContent).toBe('/sono/installations/42?tab=customer');
    await waitFor(() => expect(screen.queryByTestId('waiting-list')).toBeNull());
  });
});

describe('what waits on the device', () => {
  it('is listed in the order it was saved, which is the order it is sent in', async () => {
    globalThis.indexedDB = new IDBFactory();
    resetDraftStoreForTests();
    const made = [
      ['general', '2026-11-28T07:00:00.000Z'],
      ['vehicle', '2026-11-28T07:09:00.000Z'],
      ['customer', '2026-11-28T07:04:00.000Z'],
    ] as const;
    for (const [tab, createdAt] of made) {
      const save = { endpoint: 'update' as const, installationId: 42, body: { version: 3 } as never, idempotencyKey: `k-${tab}` };
      await writePendingSave(draftKey('u1', 42, tab), { save, values: {}, tab, installation: 42, fleet: 'sono', createdAt });
    }
    expect((await readWaiting('u1')).changes.map((change) => change.tab)).toEqual(['general', 'customer', 'vehicle']);
  });
});

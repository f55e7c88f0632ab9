import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { forgetQueryCaches, isKeptOffline, persistQueryCache, resetQueryCacheStoreForTests, restoreQueryCache } from './query-persistence';

const DAY = 24 * 60 * 60 * 1000;

/** Keeps `client`'s copy for user `userId` while `change` runs, until the write delay has passed. */
async function persistWhile(client: QueryClient, userId: string, change: () => void = () => undefined) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const stop = persistQueryCache(client, userId);
    change();
    await vi.advanceTimersByTimeAsync(1500);
    stop();
  } finally {
    vi.useRealTimers();
  }
}

describe('the last copy of the screens, for an offline start', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetQueryCacheStoreForTests();
  });

  it('keeps the fleets, lists, installations, their uploads and summaries, nothing else', () => {
    expect(isKeptOffline(['me'])).toBe(true);
    expect(isKeptOffline(['fleets', 'sono'])).toBe(true);
    expect(isKeptOffline(['installations', 'sono', { page: 1 }])).toBe(true);
    expect(isKeptOffline(['installation', 42])).toBe(true);
    expect(isKeptOffline(['installation', 42, 'uploads'])).toBe(true);
    expect(isKeptOffline(['installation', 42, 'summary'])).toBe(true);
    expect(isKeptOffline(['installation', 42, 'history'])).toBe(false);
    expect(isKeptOffline(['places', 'de', 'Mün'])).toBe(false);
    expect(isKeptOffline(['config', 'auth'])).toBe(false);
  });

  it('writes the kept answers per user and puts them back into a new cache; sign-out forgets them', async () => {
    const before = new QueryClient();
    await persistWhile(before, 'u1', () => {
      before.setQueryData(['installations', 'sono', { page: 1 }], { items: [{ id: 7, name: 'Bus 7' }] });
      before.setQueryData(['places', 'de', 'Mün'], ['München']);
    });
    // The write itself is asynchronous: the copy is there once IndexedDB has it.
    const after = new QueryClient();
    await vi.waitFor(async () => {
      await restoreQueryCache(after, 'u1');
      expect(after.getQueryData(['installations', 'sono', { page: 1 }])).toEqual({ items: [{ id: 7, name: 'Bus 7' }] });
    });
    expect(after.getQueryData(['places', 'de', 'Mün'])).toBeUndefined();

    const other = new QueryClient();
    await restoreQueryCache(other, 'u2');
    expect(other.getQueryData(['installations', 'sono', { page: 1 }])).toBeUndefined();

    await forgetQueryCaches();
    const afterSignOut = new QueryClient();
    await restoreQueryCache(afterSignOut, 'u1');
    expect(afterSignOut.getQueryData(['installations', 'sono', { page: 1 }])).toBeUndefined();
  });

  it('also writes the answers that were in the cache before it started (the boot asks for them beside the token)', async () => {
    const client = new QueryClient();
    client.setQueryData(['installations', 'sono', { page: 1 }], { items: [{ id: 8, name: 'Bus 8' }] });
    await persistWhile(client, 'u1');
    await vi.waitFor(async () => {
      const restored = new QueryClient();
      await restoreQueryCache(restored, 'u1');
      expect(restored.getQueryData(['installations', 'sono', { page: 1 }])).toEqual({ items: [{ id: 8, name: 'Bus 8' }] });
    });
  });

  it('writes a change at once when the page goes (a reload or a closed tab) within the write delay', async () => {
    const client = new QueryClient();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stop = persistQueryCache(client, 'u1');
      client.setQueryData(['installation', 42], { id: 42, customerDataConfirmed: true });
      window.dispatchEvent(new Event('pagehide'));
      stop();
    } finally {
      vi.useRealTimers();
    }
    // No timer ran: the copy is there because the page went.
    await vi.waitFor(async () => {
      const restored = new QueryClient();
      await restoreQueryCache(restored, 'u1');
      expect(restored.getQueryData(['installation', 42])).toEqual({ id: 42, customerDataConfirmed: true });
    });
  });

  it('a read that fails after its answer never empties the copy: the answer stays, written as an answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['installation', 42], { id: 42, name: 'Trailer 12' });
    await persistWhile(client, 'u1', () => {
      void client.fetchQuery({ queryKey: ['installation', 42], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 }).catch(() => undefined);
    });
    expect(client.getQueryState(['installation', 42])?.status).toBe('error');
    await vi.waitFor(async () => {
      const restored = new QueryClient();
      await restoreQueryCache(restored, 'u1');
      expect(restored.getQueryData(['installation', 42])).toEqual({ id: 42, name: 'Trailer 12' });
      expect(restored.getQueryState(['installation', 42])?.status).toBe('success');
    });
  });

  it('drops a copy older than a week', async () => {
    const client = new QueryClient();
    await persistWhile(client, 'u1', () => client.setQueryData(['me'], { id: 'u1' }));
    await vi.waitFor(async () => {
      const now = new QueryClient();
      await restoreQueryCache(now, 'u1');
      expect(now.getQueryData(['me'])).toEqual({ id: 'u1' });
    });
    const later = new QueryClient();
    await restoreQueryCache(later, 'u1', Date.now() + 8 * DAY);
    expect(later.getQueryData(['me'])).toBeUndefined();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { renderHook, waitFor } from '@testing-library/react';
import { draftKey, resetDraftStoreForTests, writePendingSave } from '../lib/draft-storage';
import { useWaitingItems } from './use-waiting-items';

describe('what waits on a shared device', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetDraftStoreForTests();
  });

  it('shows nothing of the user before to the next one, not even until the device was read for them', async () => {
    const save = { endpoint: 'update' as const, installationId: 42, body: { version: 3 } as never, idempotencyKey: 'k-1' };
    await writePendingSave(draftKey('u1', 42, 'vehicle'), { save, values: {}, tab: 'vehicle', installation: 42, fleet: 'sono', createdAt: '2026-11-28T07:00:00.000Z' });
    const { result, rerender } = renderHook(({ userId }: { userId: string | null }) => useWaitingItems(userId), { initialProps: { userId: 'u1' as string | null } });
    await waitFor(() => expect(result.current.changes.map((change) => change.key)).toEqual([draftKey('u1', 42, 'vehicle')]));

    rerender({ userId: 'u2' });
    // The first render for the next user: unread, with nothing of the one before.
    expect(result.current).toMatchObject({ changes: [], files: [], isRead: false });
    await waitFor(() => expect(result.current.isRead).toBe(true));
    expect(result.current.changes).toEqual([]);

    rerender({ userId: null });
    expect(result.current).toMatchObject({ changes: [], files: [], isRead: true });
    rerender({ userId: 'u1' });
    expect(result.current.isRead).toBe(false);
    await waitFor(() => expect(result.current.changes).toHaveLength(1));
  });
});

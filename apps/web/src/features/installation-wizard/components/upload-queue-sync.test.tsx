import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { Upload } from '@portal/domain/upload';
import { installationKeys } from '@/lib/query-keys';
import { renderWithProviders } from '@/test/render';
import { signInApiForEachTest } from '@/test/signed-in-api';
import { keepFile, listFiles, resetFileStoreForTests, type StoredFile } from '../lib/file-queue';
import { createUpload } from '../testing/upload-factory';
import { compressImage } from '../lib/compress-image';
import { UPLOAD_RETRY_FIRST_MS, UPLOAD_RETRY_MAX_MS, UploadQueueSync, uploadRetryDelay } from './upload-queue-sync';

vi.mock('../lib/compress-image', () => ({ compressImage: vi.fn() }));

const photo = (): StoredFile => ({
  key: 'photo-1',
  userId: 'u1',
  installationId: 42,
  fleet: 'sono',
  type: 'pvModules',
  name: 'front.jpg',
  format: 'jpg',
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
  isPrepared: true,
  state: 'queued',
  idempotencyKey: 'b7f0c3f2-7f0e-4a8e-9c57-2f1d3c4b5a69',
  problem: null,
  pickedAt: '2026-11-24T10:00:00.000Z',
});

describe('the upload queue’s sender', () => {
  signInApiForEachTest();

  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetFileStoreForTests();
  });

  afterEach(() => {
    resetFileStoreForTests();
  });

  it('sends a file kept offline, and shows the stored upload', async () => {
    await keepFile(photo());
    const fetchFn = vi.fn(async () => new Response(JSON.stringify([createUpload({ id: 7, type: 'pvModules' })]), { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchFn);

    const { queryClient } = renderWithProviders(<UploadQueueSync userId="u1" onTokenRenewed={() => () => undefined} />);
    queryClient.setQueryData(installationKeys.uploads(42), []);
    await waitFor(() => expect(queryClient.getQueryData<Upload[]>(installationKeys.uploads(42))?.map((upload) => upload.id)).toEqual([7]));
    expect(await listFiles('u1')).toEqual([]);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('compresses a queued photo the wizard was closed on before it was compressed, then sends the smaller one', async () => {
    const big = new Blob([new Uint8Array(700 * 1024).fill(7)], { type: 'image/jpeg' });
    const small = new Blob([new Uint8Array(300 * 1024).fill(1)], { type: 'image/jpeg' });
    vi.mocked(compressImage).mockResolvedValue(small);
    await keepFile({ ...photo(), blob: big, isPrepared: false });
    const fetchFn = vi.fn(async () => new Response(JSON.stringify([createUpload({ id: 8, type: 'pvModules' })]), { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchFn);

    const { queryClient } = renderWithProviders(<UploadQueueSync userId="u1" onTokenRenewed={() => () => undefined} />);
    queryClient.setQueryData(installationKeys.uploads(42), []);
    await waitFor(() => expect(queryClient.getQueryData<Upload[]>(installationKeys.uploads(42))?.map((upload) => upload.id)).toEqual([8]));
    expect(vi.mocked(compressImage)).toHaveBeenCalledTimes(1);
    const [, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect((JSON.parse(String(init.body)) as { sizeKilobytes: number }[])[0]!.sizeKilobytes).toBe(300);
    expect(new Headers(init.headers).get('prefer')).toBe('return=minimal');
    expect(new Headers(init.headers).get('idempotency-key')).toBe(photo().idempotencyKey);
    expect(await listFiles('u1')).toEqual([]);
  });

  it('signed out while a file is on its way: the server keeps it and the device forgets it, but nothing of it stays in the cache', async () => {
    await keepFile(photo());
    let answer: () => void = () => undefined;
    const fetchFn = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(new Response(JSON.stringify([createUpload({ id: 7, type: 'pvModules' })]), { status: 201, headers: { 'content-type': 'application/json' } }));
        }),
    );
    vi.stubGlobal('fetch', fetchFn);

    const { queryClient, unmount } = renderWithProviders(<UploadQueueSync userId="u1" onTokenRenewed={() => () => undefined} />);
    queryClient.setQueryData(installationKeys.uploads(42), []);
    await waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    // Signing out ends the sender and empties the cache.
    unmount();
    queryClient.clear();
    answer();

    await waitFor(async () => expect(await listFiles('u1')).toEqual([]));
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});

describe('the upload queue’s backoff', () => {
  it('waits 5 s after the first failure, twice as long after each further one, at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(uploadRetryDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(uploadRetryDelay(1)).toBe(UPLOAD_RETRY_FIRST_MS);
    expect(uploadRetryDelay(20)).toBe(UPLOAD_RETRY_MAX_MS);
  });
});

import { Blob } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { forgetFile, forgetPickedFiles, keepFile, listFiles, resetFileStoreForTests, storageSpace, subscribeFiles, updateFile, type StoredFile } from './file-queue';

const file = (overrides: Partial<StoredFile> = {}): StoredFile => ({
  key: 'local-1',
  userId: 'u1',
  installationId: 7,
  fleet: 'sono',
  type: 'pvModules',
  name: 'roof.jpg',
  format: 'jpg',
  // Node's Blob survives IndexedDB's structured clone as a browser's does (happy-dom's does not).
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' }) as unknown as globalThis.Blob,
  isPrepared: false,
  state: 'picked',
  idempotencyKey: 'key-1',
  problem: null,
  pickedAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

describe('the file queue on the device', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetFileStoreForTests();
  });

  it('keeps a picked file with its bytes, as a Blob, until it is forgotten', async () => {
    expect(await keepFile(file())).toBe(true);
    const [kept] = await listFiles('u1', 7);
    expect(kept).toMatchObject({ key: 'local-1', name: 'roof.jpg', state: 'picked', idempotencyKey: 'key-1' });
    expect(kept!.blob).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await kept!.blob.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);

    await forgetFile(kept!);
    expect(await listFiles('u1', 7)).toEqual([]);
  });

  it('survives a new page: a fresh handle on the same database finds the file', async () => {
    await keepFile(file());
    resetFileStoreForTests();
    expect((await listFiles('u1')).map((f) => f.name)).toEqual(['roof.jpg']);
  });

  it('keeps the compressed photo and the queued state with the same idempotency key', async () => {
    await keepFile(file());
    const compressed = new Blob([new Uint8Array([9])], { type: 'image/jpeg' }) as unknown as globalThis.Blob;
    expect(await updateFile(file(), { blob: compressed, isPrepared: true })).toBe(true);
    expect(await updateFile(file(), { state: 'queued' })).toBe(true);
    const [kept] = await listFiles('u1', 7);
    expect(kept).toMatchObject({ isPrepared: true, state: 'queued', idempotencyKey: 'key-1' });
    expect(kept!.blob.size).toBe(1);
  });

  it('changes nothing for a file it does not hold', async () => {
    expect(await updateFile(file({ key: 'gone' }), { state: 'queued' })).toBe(false);
    expect(await listFiles('u1')).toEqual([]);
  });

  it('lists one user’s files, of one installation or all, oldest first', async () => {
    await keepFile(file({ key: 'b', pickedAt: '2026-11-24T10:00:02.000Z' }));
    await keepFile(file({ key: 'a', pickedAt: '2026-11-24T10:00:01.000Z' }));
    await keepFile(file({ key: 'c', installationId: 8 }));
    await keepFile(file({ key: 'd', userId: 'u2' }));
    expect((await listFiles('u1', 7)).map((f) => f.key)).toEqual(['a', 'b']);
    expect((await listFiles('u1')).map((f) => f.key).sort()).toEqual(['a', 'b', 'c']);
    expect((await listFiles('u2')).map((f) => f.key)).toEqual(['d']);
  });

  it('forgets the picked files of an installation when the installer discards them, never the queued ones', async () => {
    await keepFile(file({ key: 'picked' }));
    await keepFile(file({ key: 'queued', state: 'queued' }));
    await keepFile(file({ key: 'other', installationId: 8 }));
    await forgetPickedFiles('u1', 7);
    expect((await listFiles('u1')).map((f) => f.key).sort()).toEqual(['other', 'queued']);
  });

  it('tells its listeners about every change', async () => {
    const listener = vi.fn();
    const stop = subscribeFiles(listener);
    await keepFile(file());
    await updateFile(file(), { state: 'queued' });
    await forgetFile(file());
    stop();
    await keepFile(file());
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('asks once for persistent storage when it keeps the first file', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist, estimate: vi.fn() } });
    try {
      await keepFile(file({ key: 'a' }));
      await keepFile(file({ key: 'b' }));
      expect(persist).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so when the device cannot store a file, instead of losing it silently', async () => {
    const broken = new IDBFactory();
    globalThis.indexedDB = broken;
    resetFileStoreForTests();
    vi.spyOn(broken, 'open').mockImplementation(() => {
      throw new DOMException('QuotaExceededError', 'QuotaExceededError');
    });
    expect(await keepFile(file())).toBe(false);
  });

  it('reports the space left, and whether it runs low', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: { estimate: vi.fn().mockResolvedValue({ quota: 200 * 1024 * 1024, usage: 150 * 1024 * 1024 }) } });
    try {
      expect(await storageSpace()).toEqual({ available: 50 * 1024 * 1024, isLow: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

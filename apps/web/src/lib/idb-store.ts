import { createStore, type UseStore } from 'idb-keyval';

/**
 * One IndexedDB object store, opened on first use. Null where the browser gives none (private mode,
 * tests without IndexedDB): callers then keep less on the device, and say so where it matters.
 */
export function lazyIdbStore(database: string, objectStore: string) {
  let store: UseStore | null | undefined;
  return {
    get(): UseStore | null {
      if (store === undefined) {
        try {
          store = typeof indexedDB === 'undefined' ? null : createStore(database, objectStore);
        } catch {
          store = null;
        }
      }
      return store;
    },
    /** For tests: the next use opens the (new) IndexedDB again. */
    reset(): void {
      store = undefined;
    },
  };
}

import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { FetchBackedXhr } from './fetch-xhr';

// The files of the `web` project share their worker (see vitest.config.ts). This file runs before each
// of them: the app's own modules are loaded afresh for each file, so no store, cache, queue or wiring of
// one file reaches the next, while React, Mantine and the other packages stay loaded. A fake IndexedDB
// that a file put in place goes before the next file starts, and the file's stubs and fake clock when it ends.
vi.resetModules();
Reflect.deleteProperty(globalThis, 'indexedDB');
const state = globalThis as typeof globalThis & { [key: symbol]: unknown };
const ORIGINAL_CLONE = Symbol.for('portal.test.structuredClone');

// A screen's lazy parts (a tab's schema, say) load on first use; with the API tests busy on the other
// core that can take over a second, Testing Library's default wait.
configure({ asyncUtilTimeout: 3000 });

await import('@/lib/i18n-all');
const [{ i18n }, { resetAuthConfig }, { useErrorStore }] = await Promise.all([
  import('@/lib/i18n'),
  import('@/features/auth/api/get-auth-config'),
  import('@/lib/error-store'),
]);

afterEach(async () => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  useErrorStore.getState().clearError();
  resetAuthConfig();
  await i18n.changeLanguage('en');
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

// fake-indexeddb copies values with Node's structuredClone, which turns happy-dom's Blobs and Files
// into plain objects. A browser's IndexedDB keeps them; Blobs cannot change, so keeping the same one is
// a faithful copy.
state[ORIGINAL_CLONE] ??= globalThis.structuredClone;
const nodeStructuredClone = state[ORIGINAL_CLONE] as typeof structuredClone;
function cloneKeepingBlobs<T>(value: T): T {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneKeepingBlobs(item)])) as T;
  }
  return nodeStructuredClone(value);
}
globalThis.structuredClone = cloneKeepingBlobs as typeof structuredClone;

// The uploads count their bytes with XMLHttpRequest; in tests it goes through the faked fetch.
globalThis.XMLHttpRequest = FetchBackedXhr as unknown as typeof XMLHttpRequest;

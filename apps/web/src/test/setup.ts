import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '@/lib/i18n-all';
import { i18n } from '@/lib/i18n';
import { resetAuthConfig } from '@/features/auth/api/get-auth-config';
import { useErrorStore } from '@/lib/error-store';
import { FetchBackedXhr } from './fetch-xhr';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  useErrorStore.getState().clearError();
  resetAuthConfig();
  await i18n.changeLanguage('en');
});

// fake-indexeddb copies values with Node's structuredClone, which turns happy-dom's Blobs and Files
// into plain objects. A browser's IndexedDB keeps them; Blobs cannot change, so keeping the same one is
// a faithful copy.
const nodeStructuredClone = globalThis.structuredClone;
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

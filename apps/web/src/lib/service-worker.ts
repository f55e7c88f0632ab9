import type { Workbox } from 'workbox-window';

/**
 * The service worker (src/service-worker/sw.ts) keeps the app for offline starts. A new version waits
 * until the installer presses "Reload to update"; it never takes over a page on its own.
 */
let workbox: Workbox | null = null;
let isUpdateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  isUpdateWaiting = value;
  for (const listener of listeners) listener();
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const hasWaitingUpdate = () => isUpdateWaiting;

/** Registers the worker once, in production builds only (the dev server has none); workbox-window loads only here. */
export async function registerServiceWorker(): Promise<void> {
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  await workbox.register().catch(() => undefined);
}

/** The installer's choice: the waiting version takes over and the page reloads into it. */
export function applyUpdate(): void {
  const current = workbox;
  if (!current) return;
  current.addEventListener('controlling', () => window.location.reload());
  current.messageSkipWaiting();
}

/** For tests: as if a new version were waiting (or not). */
export const setUpdateWaitingForTests = (value: boolean) => setUpdateWaiting(value);

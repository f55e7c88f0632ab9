/// <reference lib="webworker" />
import { precacheAndRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Asked by the page's "Reload to update": the new version takes over only when the installer says so. */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The page is never precached: the server writes a fresh CSP nonce into each copy it serves, and the
 * nonce must match the Content-Security-Policy header of the same response. Online, every navigation
 * goes to the server (fresh nonce); offline, the last page it served is used, with its own header, so
 * its scripts and styles still match. The API (`/api/*`) is not routed here at all: it always goes to
 * the network, never to a cache.
 */
const PAGE_CACHE = 'portal-page';
const PAGE_URL = '/';
const pageStrategy = new NetworkFirst({
  cacheName: PAGE_CACHE,
  // A depot's weak signal: after this long the last page opens instead of a blank screen.
  networkTimeoutSeconds: 5,
  plugins: [{ cacheKeyWillBeUsed: async () => PAGE_URL }],
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// The app's routes are hash routes: every page of the portal is a navigation to / (or /index.html).
registerRoute(new NavigationRoute(pageStrategy, { allowlist: [/^\/(?:index\.html)?$/] }));

self.addEventListener('install', (event) => {
  // The first visit's page was served before this worker existed: keep a copy for the first offline start.
  event.waitUntil(
    caches
      .open(PAGE_CACHE)
      .then(async (cache) => {
        if (!(await cache.match(PAGE_URL))) await cache.add(new Request(PAGE_URL, { cache: 'no-store' }));
      })
      .catch(() => undefined),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

import { VitePWA } from 'vite-plugin-pwa';

/** The brand colour of the header and the icons. */
export const THEME_COLOR = '#1864ab';

/**
 * Installable app and offline start: the web manifest, and the service worker of
 * src/service-worker/sw.ts with the list of every built script, style and icon to precache.
 * The page registers the worker itself, from the signed-in app (src/app/service-worker.ts).
 */
export function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg'],
    manifest: {
      id: '/',
      name: 'Sono Motors Installer Portal',
      short_name: 'Installer Portal',
      description: 'Record solar system installations on vehicles.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The page itself is kept by the worker's own route (it carries a per-response CSP nonce).
      globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
      globIgnores: ['index.html', '**/*.{br,gz}'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}

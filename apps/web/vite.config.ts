import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { localeSections } from './locale-sections.ts';
import { pwa } from './pwa.ts';
import { leanImports } from './lean-imports.ts';
import { mantineStyles } from './mantine-styles.ts';
import { themeVariables } from './theme-variables.ts';
import { compileHints, isPlanPass, screenChunks } from './screen-chunks.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
// The auth endpoints refuse foreign origins, so the dev server speaks to the API as the API's own origin.
const toApi = { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } };
const proxy = { '/api': toApi, '^/config\\.[\\w-]+\\.json$': toApi };

export default defineConfig({
  plugins: [react(), leanImports(), mantineStyles(), themeVariables(), localeSections(), screenChunks(), compileHints(), ...(isPlanPass() ? [] : [pwa()])],
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    port: 4173,
    proxy,
  },
  // Every script, style and link tag of index.html gets nonce="…" and a <meta property="csp-nonce">
  // is added; the server puts a fresh nonce in place of this placeholder for each page it serves.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen loads (scripts/route-size.mjs measures them).
    manifest: true,
    // A browser without module preloading (Safari before 17) still loads every module, only without the
    // head start; a polyfill for it would weigh on the first chunk of every page.
    // A lazy chunk's own styles are still put in the page before it runs, but its scripts are not announced
    // with a <link rel=modulepreload> each: making and adding those links (28 on the fleet home) took about
    // 200 ms of main thread at every start with the CPU slowed 4x (Lighthouse counted most of it as blocking
    // time), while the service worker serves every file from the device anyway. A first visit, with no
    // worker yet, finds the chunks' imports one round later (bench/request-rounds.ts).
    modulePreload: { polyfill: false, resolveDependencies: (_chunk, deps) => deps.filter((file) => file.endsWith('.css')) },
  },
});

// The gzipped JavaScript and CSS a route loads, read from the build's manifest (after `npm run build`):
// the entry, then each lazily loaded chunk on the way to the route's screen, with everything they
// import statically. Usage: node scripts/route-size.mjs [login|home|wizard] [--check]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// WEB_DIST: another build's folder, as the server takes it.
const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '..', 'dist');

/**
 * The lazily loaded modules, in order, between the entry and each measured screen: what Chromium loads
 * to show it for someone in one fleet with nothing waiting on the device, opening the screen's address on
 * a device signed in before (the boot preloader included, and the English texts; a wizard tab adds its
 * step's chunk). The senders of saves and files kept offline, the fleet switcher,
 * the connection badge, toasts and dialogs load only when they are needed.
 */
const FRAME = ['src/app/preload-screens.ts', 'src/app/app.tsx', 'virtual:locale-part/en/app', 'src/app/layouts/app-frame.tsx', 'src/app/routes/fleet/fleet-layout.tsx'];
export const ROUTES = {
  login: {
    path: '#/login',
    chunks: ['src/features/auth/components/login-page.tsx'],
  },
  home: {
    path: '#/{fleet} (fleet home)',
    chunks: [...FRAME, 'src/app/routes/fleet/home.tsx'],
  },
  wizard: {
    path: '#/{fleet}/installations/{id}?tab=vehicle (wizard)',
    chunks: [...FRAME, 'src/app/routes/fleet/installation.tsx', 'virtual:locale-part/en/wizard', 'src/features/installation-wizard/steps/vehicle-step.tsx'],
  },
};

/**
 * Gzipped JavaScript each route may load. The login page at most 90 KB (issue 36: a field phone's
 * first screen; SPEC allows 100 KB); issue 18: the fleet home 150 KB and a wizard tab 250 KB.
 */
export const JS_BUDGETS = { login: 90 * 1024, home: 150 * 1024, wizard: 250 * 1024 };

/**
 * V8's explicit compile hint, the first line of the entry and of the chunks the signed-in screens boot
 * with (screen-chunks.ts): their functions are compiled off the main thread while the file streams in.
 */
export const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/** Which chunk holds each module of ROUTES, written by the build (screen-chunks.ts). */
export const SCREEN_CHUNKS_FILE = '.vite/screen-chunks.json';

function readBuildFile(name) {
  const file = path.join(dist, name);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing; run the web build first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Gzipped bytes of what a route loads: the entry with its static imports, then the route's chunks with theirs. */
export function routeSize(route) {
  const manifest = readBuildFile('.vite/manifest.json');
  const chunkFiles = readBuildFile(SCREEN_CHUNKS_FILE);
  // A module joined to a group chunk is not named in the manifest: the chunk that holds it is.
  const manifestKey = (module) => (manifest[module] ? module : Object.keys(manifest).find((key) => manifest[key].file === chunkFiles[module]));
  const { path: routePath } = ROUTES[route];
  const chunks = ROUTES[route].chunks.map((module) => manifestKey(module) ?? module);
  const closure = (key, seen) => {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const shared = closure(entryKey, new Set());
  const own = new Set();
  for (const key of chunks) for (const dep of closure(key, new Set())) if (!shared.has(dep)) own.add(dep);
  const js = (keys) => [...keys].reduce((total, key) => total + gz(manifest[key].file), 0);
  const css = [...shared, ...own].flatMap((key) => manifest[key].css ?? []);
  return {
    path: routePath,
    entryJs: js(shared),
    routeJs: js(own),
    css: [...new Set(css)].reduce((total, file) => total + gz(file), 0),
    files: shared.size + own.size,
  };
}

/** The script files of the entry and of the signed-in screens' own chunks that do not start with COMPILE_ALL_ON_LOAD. */
export function filesWithoutCompileHint() {
  const manifest = readBuildFile('.vite/manifest.json');
  const chunkFiles = readBuildFile(SCREEN_CHUNKS_FILE);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry).file;
  const screens = [...ROUTES.home.chunks, ...ROUTES.wizard.chunks].filter((module) => !module.startsWith('virtual:locale-part/'));
  const files = new Set([entry, ...screens.map((module) => chunkFiles[module] ?? manifest[module]?.file)]);
  return [...files].filter((file) => !file || !fs.readFileSync(path.join(dist, file), 'utf8').startsWith(`${COMPILE_ALL_ON_LOAD}\n`));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  let isOver = false;
  for (const route of asked.length ? asked : Object.keys(ROUTES)) {
    const r = routeSize(route);
    const js = r.entryJs + r.routeJs;
    const limit = JS_BUDGETS[route];
    console.log(`${r.path}: ${kb(js)} of JavaScript (entry ${kb(r.entryJs)}, route ${kb(r.routeJs)}, ${r.files} files), ${kb(r.css)} of CSS, gzip; budget ${kb(limit)}`);
    if (process.argv.includes('--check') && js > limit) {
      console.error(`${r.path} loads ${kb(js)} of JavaScript; it may load at most ${kb(limit)}.`);
      isOver = true;
    }
  }
  if (process.argv.includes('--check')) {
    const unhinted = filesWithoutCompileHint();
    if (unhinted.length > 0) {
      console.error(`These boot chunks lack the compile hint "${COMPILE_ALL_ON_LOAD}" on their first line: ${unhinted.join(', ')}`);
      isOver = true;
    }
  }
  if (isOver) process.exit(1);
}

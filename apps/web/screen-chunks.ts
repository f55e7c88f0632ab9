import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { COMPILE_ALL_ON_LOAD, ROUTES, SCREEN_CHUNKS_FILE } from './scripts/route-size.mjs';

/** Set while the plan's own build runs: that build splits code the default way and writes nothing. */
const PLAN_PASS = 'PORTAL_SCREEN_CHUNKS_PLAN';

export const isPlanPass = () => process.env[PLAN_PASS] === '1';

/**
 * Module ids of the groups: what the login page and the fleet home both load after the entry, what the
 * home loads beyond the login page, and what a wizard tab loads beyond the home.
 */
type Plan = { common: Set<string>; signedIn: Set<string>; wizard: Set<string> };

/** `src/app/app.tsx` or `virtual:locale-part/en/app`: a module as scripts/route-size.mjs names it. */
const keyOf = (root: string, id: string) => path.relative(root, id.replace(/^\0/, ''));

const isTexts = (id: string) => id.includes('virtual:locale-part/');

/**
 * The schema library and the domain's modules that build schemas with it: a screen shows without
 * them, and each tab loads its own right after it has painted (formResolver). In a group they would
 * be evaluated, all of them, before the screen.
 */
const SCHEMA_LIBRARY = /\/node_modules\/zod\//;
const schemaModules = new Map<string, boolean>();
const isSchemaModule = (id: string) => {
  if (SCHEMA_LIBRARY.test(id)) return true;
  if (!/\/packages\/domain\/src\/[^/]+\.ts$/.test(id)) return false;
  if (!schemaModules.has(id)) schemaModules.set(id, /from 'zod'/.test(fs.readFileSync(id, 'utf8')));
  return schemaModules.get(id)!;
};

/** The groups the screens boot with: most of their functions run as a screen opens. */
const BOOT_GROUPS = new Set(['common', 'signed-in', 'wizard']);

/**
 * Modules most of whose chunk runs at once on a single tap, and for the first time: opening the
 * calendar renders a month of Mantine's date components with dayjs. Compiled while the chunk loads,
 * the first opening does not wait for V8 to compile them one by one.
 */
const AT_ONCE_ON_A_TAP = new Set(['src/components/ui/calendar-input.tsx']);
/** The screens' own chunks (ROUTES) and the wizard's steps, each loaded as it opens. */
const ROUTE_MODULES = new Set(Object.values(ROUTES).flatMap((route) => route.chunks));
const isScreen = (key: string) => (ROUTE_MODULES.has(key) && !key.startsWith('virtual:')) || /^src\/features\/installation-wizard\/steps\/[\w-]+-step\.tsx$/.test(key);

/** The modules each measured screen loads, read off a build split the default way. */
async function makePlan(root: string, configFile: string): Promise<Plan> {
  process.env[PLAN_PASS] = '1';
  let result;
  try {
    result = await build({ root, configFile, logLevel: 'silent', build: { write: false, manifest: false } });
  } finally {
    delete process.env[PLAN_PASS];
  }
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (key: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId !== null && keyOf(root, c.facadeModuleId) === key);
    if (!chunk) throw new Error(`screen-chunks: no chunk is built for ${key}`);
    return chunk;
  };
  const modulesOf = (route?: keyof typeof ROUTES) => {
    const seen = new Set<OutputChunk>();
    const stack = [...chunks.filter((c) => c.isEntry), ...(route ? ROUTES[route].chunks.map(chunkOf) : [])];
    while (stack.length > 0) {
      const chunk = stack.pop()!;
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) stack.push(byFile.get(file)!);
    }
    return new Set([...seen].flatMap((chunk) => chunk.moduleIds));
  };
  const isLazy = new Set(chunks.flatMap((c) => (c.isDynamicEntry && c.facadeModuleId !== null ? [c.facadeModuleId] : [])));
  const without = (modules: Set<string>, keep: (id: string) => boolean, ...loadedBefore: Set<string>[]) =>
    new Set([...modules].filter((id) => keep(id) && !loadedBefore.some((set) => set.has(id))));
  const entry = modulesOf();
  const login = modulesOf('login');
  const home = modulesOf('home');
  // The texts of each language stay apart. The home's own screens (the app, its frame, the fleet
  // layout, the home) join its chunk, since it loads them all at once; a wizard tab, or a lazily
  // loaded piece of the login page, keeps its own chunk, so that the other tabs and screens do not
  // load it.
  const ownChunkKept = (id: string) => !isTexts(id) && !isLazy.has(id) && !isSchemaModule(id);
  return {
    common: without(login, (id) => ownChunkKept(id) && home.has(id), entry),
    signedIn: without(home, (id) => !isTexts(id), login),
    wizard: without(modulesOf('wizard'), ownChunkKept, home, login),
  };
}

/**
 * Fewer, larger chunks for the screens installers open most. Split the default way, the fleet home
 * loads some seventy files, most under a kilobyte: each costs a request, a module record and its own
 * gzip dictionary, and together they weigh about a tenth more than the same code in one file. So a
 * first build, which writes nothing, tells which modules the home loads beyond the login page and which
 * a wizard tab loads beyond the home (the screens of scripts/route-size.mjs); the real build puts each
 * of the two sets in one chunk, and what the login page and the home share in a third. The login page
 * keeps its small files; the screens that are not measured share the chunks.
 *
 * Each group holds a set closed under static imports, less what loads before it, so no chunk imports
 * one that imports it back, and the groups need not carry their dependencies along. The build also
 * writes which chunk holds each module the measured screens open (SCREEN_CHUNKS_FILE), since a module
 * inside a group has no name of its own in the manifest.
 */
export function screenChunks(): Plugin {
  let plan: Plan | undefined;
  let root = '';
  let configFile = '';
  return {
    name: 'portal:screen-chunks',
    apply: (_config, env) => env.command === 'build' && !isPlanPass(),
    configResolved(config) {
      root = config.root;
      configFile = config.configFile ?? '';
    },
    async buildStart() {
      plan = await makePlan(root, configFile);
    },
    // Output options are read before the build starts, so the groups look the plan up when they sort modules.
    outputOptions(options) {
      const inGroup = (group: keyof Plan) => (id: string) => {
        if (!plan) throw new Error('screen-chunks: modules are sorted before the plan is made');
        return plan[group].has(id);
      };
      return {
        ...options,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // The schema library in one chunk of its own, apart from the screens' groups.
            { name: 'schemas', test: SCHEMA_LIBRARY },
            { name: 'common', test: inGroup('common') },
            { name: 'signed-in', test: inGroup('signedIn') },
            { name: 'wizard', test: inGroup('wizard') },
          ],
        },
      };
    },
    generateBundle(_options, bundle) {
      const wanted = new Set(Object.values(ROUTES).flatMap((route) => route.chunks));
      const files: Record<string, string> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of file.moduleIds) if (wanted.has(keyOf(root, id))) files[keyOf(root, id)] = file.fileName;
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_CHUNKS_FILE, source: `${JSON.stringify(files, null, 2)}\n` });
    },
  };
}

/**
 * Puts V8's explicit compile hint (COMPILE_ALL_ON_LOAD) first in the entry, the boot groups, the
 * screens' own chunks and the calendar's chunk (AT_ONCE_ON_A_TAP): their functions are compiled on a
 * background thread while the file streams in, instead of one at a time on the main thread the first
 * time each runs, which on a slow phone is a large part of the long tasks of the boot. Only a first
 * line counts, so it goes in after the bundler's own prelude (Vite's list of preloaded files); a
 * source map moves down a line with the code. The languages' texts are data and keep to the lazy way.
 * A module of AT_ONCE_ON_A_TAP that no chunk holds (renamed, say) fails the build.
 */
export function compileHints(): Plugin {
  let root = '';
  return {
    name: 'portal:compile-hints',
    apply: (_config, env) => env.command === 'build' && !isPlanPass(),
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const tapModulesLeft = new Set(AT_ONCE_ON_A_TAP);
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || file.code.startsWith('#!') || file.moduleIds.every(isTexts)) continue;
          const boots = file.isEntry || BOOT_GROUPS.has(file.name) || (file.facadeModuleId !== null && isScreen(keyOf(root, file.facadeModuleId)));
          // Every module of the chunk is looked at, so that each one found is crossed off.
          const answersATap = file.moduleIds.filter((id) => tapModulesLeft.delete(keyOf(root, id))).length > 0;
          if (!boots && !answersATap) continue;
          file.code = `${COMPILE_ALL_ON_LOAD}\n${file.code}`;
          if (!file.map) continue;
          file.map.mappings = `;${file.map.mappings}`;
          const mapFile = bundle[`${file.fileName}.map`];
          if (mapFile?.type === 'asset') mapFile.source = file.map.toString();
        }
        if (tapModulesLeft.size > 0) throw new Error(`compile-hints: no chunk holds ${[...tapModulesLeft].join(', ')}`);
      },
    },
  };
}

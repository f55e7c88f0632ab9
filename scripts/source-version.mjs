// The version of a build's sources: a hash of every file it is built from. A build writes it beside
// its output (dist/.source-version); the start script rebuilds what no longer matches its sources.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** What each build is made of, relative to the repository. */
const SOURCES = {
  web: ['apps/web', 'packages/domain/src', 'package-lock.json'],
  server: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/domain/src', 'apps/web/src/locales', 'package-lock.json'],
};
export const OUTPUT = { web: 'apps/web/dist', server: 'apps/server/dist' };

/**
 * @param {string} entry
 * @returns {Generator<string>}
 */
function* files(entry) {
  if (!fs.existsSync(entry)) return;
  if (fs.statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    yield* files(path.join(entry, name));
  }
}

/** @param {'web' | 'server'} kind */
export function sourceVersion(kind) {
  const hash = createHash('sha256');
  for (const entry of SOURCES[kind]) {
    for (const file of files(path.join(root, entry))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** @param {'web' | 'server'} kind */
const stampOf = (kind) => path.join(root, OUTPUT[kind], '.source-version');

/**
 * Whether the build of `kind` was made from today's sources.
 * @param {'web' | 'server'} kind
 */
export function isBuildCurrent(kind) {
  try {
    return fs.readFileSync(stampOf(kind), 'utf8').trim() === sourceVersion(kind);
  } catch {
    return false;
  }
}

/**
 * Records that the build of `kind` was made from today's sources.
 * @param {'web' | 'server'} kind
 */
export function writeSourceVersion(kind) {
  fs.writeFileSync(stampOf(kind), `${sourceVersion(kind)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename) && process.argv[2] === 'write') {
  writeSourceVersion(/** @type {'web' | 'server'} */ (process.argv[3]));
}

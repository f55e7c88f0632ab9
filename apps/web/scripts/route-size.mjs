// Prints the gzipped JavaScript a route loads: the entry chunk, the route's chunk and everything
// they import statically. Usage: node scripts/route-size.mjs [route-chunk-name=login] (after a build).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const assets = path.join(dist, 'assets');

function closure(start) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    for (const [, dep] of code.matchAll(/(?:^|[;\s])import\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) walk(dep);
  };
  walk(start);
  return seen;
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
const sum = (files) => files.reduce((total, file) => total + gz(file), 0);

/** Gzipped bytes of the JavaScript and CSS a route loads: the entry, the route chunk, their static imports. */
export function routeSize(route) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
  const routeChunk = fs.readdirSync(assets).find((file) => new RegExp(`^${route}-[\\w-]+\\.js$`).test(file));
  if (!entry || !routeChunk) throw new Error(`entry or chunk '${route}' not found in ${dist}; run the build first`);
  const shared = closure(entry);
  const own = [...closure(routeChunk)].filter((file) => !shared.has(file));
  const css = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
  const ownCss = own.map((f) => f.replace(/\.js$/, '.css')).filter((f) => fs.existsSync(path.join(assets, f)));
  return { routeChunk, sharedFiles: shared.size, ownFiles: own.length, entryJs: sum([...shared]), routeJs: sum(own), css: sum([...css, ...ownCss]) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const route = process.argv[2] ?? 'login';
  const r = routeSize(route);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`#/${route}: JavaScript loaded (gzip)`);
  console.log(`  entry and its imports (${r.sharedFiles} files): ${kb(r.entryJs)}`);
  console.log(`  route chunk ${r.routeChunk} and its own imports (${r.ownFiles} files): ${kb(r.routeJs)}`);
  console.log(`  total: ${kb(r.entryJs + r.routeJs)}, CSS ${kb(r.css)}`);
}

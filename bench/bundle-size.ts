// Gzipped JS and CSS that the login page, the fleet home and a wizard tab load (after `npm run build`).
// With BENCH_BEFORE (bench/before.ts) the earlier commit's build is counted beside this one, by the same script.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { JS_BUDGETS } from '../apps/web/scripts/route-size.mjs';
import { here, treesToCompare } from './before';

const ROUTE_NAMES = ['login', 'home', 'wizard'] as const;
type RouteSize = { path: string; entryJs: number; routeJs: number; css: number; files: number };

/** routeSize of each route for the web build in `dist`, counted in a process of its own (it reads WEB_DIST when it loads). */
function sizesOf(dist: string): RouteSize[] {
  const script = path.join(here, 'apps/web/scripts/route-size.mjs');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(script)}); console.log(JSON.stringify(${JSON.stringify(ROUTE_NAMES)}.map((r) => m.routeSize(r))));`], {
    env: { ...process.env, WEB_DIST: dist },
    encoding: 'utf8',
  });
  return JSON.parse(out) as RouteSize[];
}

export function benchBundleSize() {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const trees = treesToCompare();
  const sizes = trees.map((tree) => sizesOf(path.join(tree.root, 'apps/web/dist')));
  const rows = ROUTE_NAMES.flatMap((route, i) =>
    trees.map((tree, t) => {
      const r = sizes[t]![i]!;
      const js = r.entryJs + r.routeJs;
      return {
        route: r.path,
        ...(trees.length > 1 ? { commit: t === 0 ? `before (${tree.label})` : `after (${tree.label})` } : {}),
        'JS entry': kb(r.entryJs),
        'JS route': kb(r.routeJs),
        'JS total': kb(js),
        'JS budget': `${kb(JS_BUDGETS[route])}${js > JS_BUDGETS[route] ? ' (over)' : ''}`,
        files: r.files,
        CSS: kb(r.css),
      };
    }),
  );
  return { title: 'Bundle: gzip (level 9) of what each route loads', rows };
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(benchBundleSize().rows);

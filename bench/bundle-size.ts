// Gzipped JS and CSS that the login route and the wizard route load (after `npm run build`).
import { routeSize } from '../apps/web/scripts/route-size.mjs';

export function benchBundleSize() {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = (['login', 'wizard'] as const).map((route) => {
    const r = routeSize(route);
    return { route: route === 'wizard' ? `${r.path} (wizard)` : r.path, 'JS entry': kb(r.entryJs), 'JS route': kb(r.routeJs), 'JS total': kb(r.entryJs + r.routeJs), CSS: kb(r.css) };
  });
  return { title: 'Bundle: gzip (level 9) of what each route loads', rows };
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(benchBundleSize().rows);

// Gzipped JS and CSS that the login page, the fleet home and a wizard tab load (after `npm run build`).
import { JS_BUDGETS, routeSize } from '../apps/web/scripts/route-size.mjs';

export function benchBundleSize() {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = (['login', 'home', 'wizard'] as const).map((route) => {
    const r = routeSize(route);
    const js = r.entryJs + r.routeJs;
    return { route: r.path, 'JS entry': kb(r.entryJs), 'JS route': kb(r.routeJs), 'JS total': kb(js), 'JS budget': `${kb(JS_BUDGETS[route])}${js > JS_BUDGETS[route] ? ' (over)' : ''}`, CSS: kb(r.css) };
  });
  return { title: 'Bundle: gzip (level 9) of what each route loads', rows };
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(benchBundleSize().rows);

import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const mantine = (component: string) => new RegExp(`@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]${component}\\.mjs$`);

/**
 * Some Mantine components import a whole library for one small piece of it. On the fleet home, which
 * shows no floating or modal element, these two cost about 18 KB of gzipped JavaScript:
 * - ScrollArea (behind every Mantine Table) takes only `useMergeRefs` from @floating-ui/react, and with
 *   it the positioning code that tooltips, menus and selects share. It gets the same hook from
 *   src/lib/merge-refs.ts.
 * - The AppShell's header, footer and aside take only `RemoveScroll.classNames` from react-remove-scroll,
 *   and with it the scroll lock that modals use. They get the library's own light entry, which has the
 *   same class names without the lock (the lock arrives with the first modal).
 */
const RULES: { importer: RegExp; source: string; target: string }[] = [
  { importer: mantine('ScrollArea/ScrollArea'), source: '@floating-ui/react', target: fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url)) },
  { importer: mantine('AppShell/AppShell(Header|Footer|Aside)/AppShell(Header|Footer|Aside)'), source: 'react-remove-scroll', target: 'react-remove-scroll/UI' },
];

export function leanImports(): Plugin {
  return {
    name: 'portal:lean-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const rule = importer ? RULES.find((r) => r.source === source && r.importer.test(importer)) : undefined;
      if (!rule) return null;
      return rule.target.startsWith('/') ? rule.target : this.resolve(rule.target, importer, { ...options, skipSelf: true });
    },
  };
}

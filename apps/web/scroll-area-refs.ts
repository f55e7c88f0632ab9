import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const SCROLL_AREA = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const MERGE_REFS = fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));

/**
 * Mantine's ScrollArea (behind every Mantine Table) takes only `useMergeRefs` from @floating-ui/react,
 * and with it the whole positioning library that tooltips, menus and selects share: 15 KB gzipped on
 * the fleet home, which shows no floating element. ScrollArea gets the same hook from src/lib/merge-refs.
 */
export function scrollAreaRefs(): Plugin {
  return {
    name: 'portal:scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return MERGE_REFS;
      return null;
    },
  };
}

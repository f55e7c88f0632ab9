import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const mantine = (module: string) => new RegExp(`@mantine[\\\\/]core[\\\\/]esm[\\\\/]${module}\\.mjs$`);

/**
 * Some Mantine components import a whole library for one small piece of it. On the fleet home, which
 * shows no floating or modal element, they would bring code it never runs:
 * - Every Mantine Table carries `Table.ScrollContainer`, which brings Mantine's custom ScrollArea. Tables
 *   here scroll sideways with the browser's own scrollbar (components/ui/table-scroll.tsx), and
 *   `Table.ScrollContainer` is that same component (src/lib/table-scroll-container.ts).
 * - ScrollArea (still behind the dropdowns of selects) takes only `useMergeRefs` from @floating-ui/react,
 *   and with it the positioning code that tooltips, menus and selects share. It gets the same hook from
 *   src/lib/merge-refs.ts.
 * - Mantine's `useId` gives each input a random id right after it has mounted, which renders every
 *   input a second time at once. React's own `useId` is stable from the first render
 *   (src/lib/react-id.ts).
 * - MantineProvider works out the theme's CSS variables and injects them at run time. The pages load
 *   them as a static stylesheet instead (theme-variables.ts), so the provider's variables component is
 *   src/lib/no-css-variables.ts, and the app's provider says `withCssVariables={false}`.
 */
const RULES: { importer: RegExp; source: string; target: string }[] = [
  { importer: /@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/, source: './use-id/use-id.mjs', target: fileURLToPath(new URL('./src/lib/react-id.ts', import.meta.url)) },
  { importer: mantine('components/Table/Table'), source: './TableScrollContainer.mjs', target: fileURLToPath(new URL('./src/lib/table-scroll-container.ts', import.meta.url)) },
  { importer: mantine('components/ScrollArea/ScrollArea'), source: '@floating-ui/react', target: fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url)) },
  ...['components/Button/Button', 'components/ActionIcon/ActionIcon'].map((component) => ({
    importer: mantine(component),
    source: '../Transition/Transition.mjs',
    target: fileURLToPath(new URL('./src/lib/loader-transition.tsx', import.meta.url)),
  })),
  {
    importer: mantine('core/MantineProvider/MantineProvider'),
    source: './MantineCssVariables/MantineCssVariables.mjs',
    target: fileURLToPath(new URL('./src/lib/no-css-variables.ts', import.meta.url)),
  },
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

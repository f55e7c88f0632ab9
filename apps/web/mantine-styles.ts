import type { Plugin } from 'vite';

/** `…/@mantine/dates/esm/components/Day/Day.module.mjs` or `…/@mantine/dropzone/esm/Dropzone.module.mjs`: a component's class names. */
const CLASS_MAP = /@mantine[\\/](\w+)[\\/]esm[\\/](?:.*[\\/])?\w+\.module\.mjs$/;

/**
 * The stylesheets of Mantine's add-on packages (dates, dropzone, notifications) come with their
 * components: a component's class-name map imports its package's stylesheet, so a calendar is styled on
 * every screen that shows one, not only where someone remembered to import the styles. The core
 * stylesheet loads with the signed-in app (src/app/app.tsx): split per component it came in some twenty
 * small files per screen, which cost the fleet home more main-thread time than its 26 KB of transfer saved.
 */
export function mantineStyles(): Plugin {
  return {
    name: 'portal:mantine-styles',
    enforce: 'pre',
    transform(code, id) {
      const pkg = CLASS_MAP.exec(id)?.[1];
      if (!pkg || pkg === 'core') return null;
      return { code: `${code}\nimport '@mantine/${pkg}/styles.css';\n`, map: null };
    },
  };
}

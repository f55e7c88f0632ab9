import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:locale-sections/';
const LOCALES_DIR = path.resolve(import.meta.dirname, 'src/locales');

/**
 * `import texts from 'virtual:locale-sections/app,auth'` gives `{ en: { app, auth }, de: { app, auth } }`
 * from src/locales/*.json: a page can load a few sections of the texts without the whole file,
 * which the rest of the app imports as usual.
 */
export function localeSections(): Plugin {
  return {
    name: 'portal-locale-sections',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const sections = id.slice(PREFIX.length + 1).split(',');
      const texts: Record<string, Record<string, unknown>> = {};
      for (const file of fs.readdirSync(LOCALES_DIR).filter((name) => name.endsWith('.json'))) {
        const full = path.join(LOCALES_DIR, file);
        this.addWatchFile(full);
        const all = JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
        const locale = path.basename(file, '.json');
        texts[locale] = {};
        for (const section of sections) {
          if (!(section in all)) this.error(`${file} has no section '${section}'`);
          texts[locale][section] = all[section];
        }
      }
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { appSections, flattenTexts, TEXT_PARTS } from './src/locales/parts.ts';

const PREFIX = 'virtual:locale-part/';
/** `{ en: { app: () => import(…), wizard: … }, de: … }`: a loader for each language and part. */
const LOADERS = 'virtual:locale-loaders';
const SCREEN_PARTS = Object.keys(TEXT_PARTS).filter((part) => part !== 'login' && part !== 'verify');
const LOCALES_DIR = path.resolve(import.meta.dirname, 'src/locales');

/**
 * `import texts from 'virtual:locale-part/en/wizard'` gives the sections of one part of the texts
 * (src/locales/parts.ts) in one language; `virtual:locale-part/all/login` gives
 * `{ en: {…}, de: {…} }`. A screen loads the texts it shows, not the whole file. The texts come
 * by their dotted keys, each ICU message compiled for Lingui, so the browser parses none of them.
 */
export function localeSections(): Plugin {
  return {
    name: 'portal-locale-parts',
    resolveId: (id) => (id.startsWith(PREFIX) || id === LOADERS ? `\0${id}` : undefined),
    load(id) {
      if (id === `\0${LOADERS}`) {
        const locales = fs.readdirSync(LOCALES_DIR).filter((name) => name.endsWith('.json')).map((name) => path.basename(name, '.json'));
        const parts = ['app', ...SCREEN_PARTS];
        const perLocale = locales.map((locale) => `${JSON.stringify(locale)}: { ${parts.map((part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${PREFIX}${locale}/${part}`)})`).join(', ')} }`);
        return `export default { ${perLocale.join(', ')} };`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale = '', part = ''] = id.slice(PREFIX.length + 1).split('/');
      const files = fs.readdirSync(LOCALES_DIR).filter((name) => name.endsWith('.json'));
      const read = (name: string) => {
        const full = path.join(LOCALES_DIR, `${name}.json`);
        this.addWatchFile(full);
        return JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
      };
      const pick = (all: Record<string, unknown>) => {
        const sections = part === 'app' ? appSections(Object.keys(all)) : (TEXT_PARTS as Record<string, readonly string[]>)[part];
        if (!sections) this.error(`There is no text part '${part}'`);
        const texts: Record<string, unknown> = {};
        for (const section of sections) {
          if (!(section in all)) this.error(`${locale}.json has no section '${section}'`);
          texts[section] = all[section];
        }
        const compile = ([key, message]: [string, string]) => {
          try {
            return [key, compileMessage(message)];
          } catch (error) {
            return this.error(`${locale}.json: '${key}' is no ICU message: ${(error as Error).message}`);
          }
        };
        return Object.fromEntries(Object.entries(flattenTexts(texts)).map(compile));
      };
      if (locale === 'all') {
        const texts = Object.fromEntries(files.map((file) => path.basename(file, '.json')).map((name) => [name, pick(read(name))]));
        return `export default ${JSON.stringify(texts)};`;
      }
      if (!files.includes(`${locale}.json`)) this.error(`There are no texts in '${locale}'`);
      return `export default ${JSON.stringify(pick(read(locale)))};`;
    },
  };
}

import type { Locale } from '@portal/domain/constants';
import { addTranslations, currentLocale, setTranslationLoader } from './i18n';

// Every text of the app in one language at a time: the other language loads when it is chosen.
const loaders: Record<Locale, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en.json'),
  de: () => import('../locales/de.json'),
};

const loaded = new Map<Locale, Promise<void>>();

function loadTexts(locale: Locale): Promise<void> {
  let texts = loaded.get(locale);
  if (!texts) {
    texts = loaders[locale]().then((module) => addTranslations(locale, module.default));
    // A failed load (offline without the chunk) may be tried again.
    texts.catch(() => loaded.delete(locale));
    loaded.set(locale, texts);
  }
  return texts;
}

/** Resolves once the app's texts in the current language are there (started at boot, awaited by the app). */
export function appTextsReady(): Promise<void> {
  setTranslationLoader(loadTexts);
  return loadTexts(currentLocale());
}

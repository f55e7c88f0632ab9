import type { Locale } from '@portal/domain/constants';
import type { ScreenTextPart } from '@/locales/parts';
import loaders from 'virtual:locale-loaders';
import { addTranslations, currentLocale, setTranslationLoader } from './i18n';

type TextPart = 'app' | ScreenTextPart;

// The texts of the app in one language at a time, a part at a time (locales/parts.ts): the other
// language loads when it is chosen, a screen's part when the screen opens.
const loaded = new Map<string, Promise<void>>();
/** The parts this page has needed so far: a language switch loads each of them in the new language. */
const wanted = new Set<TextPart>(['app']);

function loadPart(locale: Locale, part: TextPart): Promise<void> {
  const id = `${locale}/${part}`;
  let texts = loaded.get(id);
  if (!texts) {
    texts = loaders[locale][part]().then((module) => addTranslations(locale, module.default));
    // A failed load (offline without the chunk) may be tried again.
    texts.catch(() => loaded.delete(id));
    loaded.set(id, texts);
  }
  return texts;
}

async function loadWanted(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(locale, part)));
}

/** Resolves once the texts of `part` are there in the current language (and follows language switches). */
export function textsReady(part: TextPart): Promise<void> {
  setTranslationLoader(loadWanted);
  wanted.add(part);
  return loadPart(currentLocale(), part);
}

/** Resolves once the app's texts in the current language are there (started at boot, awaited by the app). */
export function appTextsReady(): Promise<void> {
  return textsReady('app');
}

/** A lazily loaded module that shows texts of a screen part: it resolves once both are there. */
export async function withTexts<M>(part: ScreenTextPart, load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), textsReady(part)]);
  return module;
}

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@portal/domain/constants';
// The first page (the login) needs only the login part of the texts (locales/parts.ts); the app adds the rest when it loads.
import loginTexts from 'virtual:locale-part/all/login';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

type LocaleSources = {
  storage?: Pick<Storage, 'getItem'> | null;
  browserLanguages?: readonly string[];
};

/** SPEC §1: the stored choice wins, then the browser language when it is one we speak, else English. */
export function detectLocale({ storage, browserLanguages = [] }: LocaleSources = {}): Locale {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be blocked (private mode, policies); fall through to the browser language.
  }
  if (isLocale(stored)) return stored;
  const primary = browserLanguages[0]?.toLowerCase().split('-')[0];
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}

function browserLocaleSources(): LocaleSources {
  if (typeof window === 'undefined') return {};
  let storage: Storage | null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { storage, browserLanguages: languages.filter(Boolean) };
}

const loginResources = {
  en: { translation: loginTexts.en },
  de: { translation: loginTexts.de },
};

const initialLocale = detectLocale(browserLocaleSources());

void i18n.use(initReactI18next).init({
  resources: loginResources,
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function reflectLanguage() {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = currentLocale();
  document.title = `${i18n.t('app.brand')} ${i18n.t('app.title')}`;
}

reflectLanguage();
i18n.on('languageChanged', reflectLanguage);

export function currentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

let loadTranslations: ((locale: Locale) => Promise<void>) | null = null;

/** Set by the app when it loads one language's texts at a time: a switch waits for the chosen language. */
export function setTranslationLoader(load: (locale: Locale) => Promise<void>): void {
  loadTranslations = load;
}

/** Switches the language and remembers the choice for the next visit. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadTranslations?.(locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisting is acceptable; the switch still applies to this visit.
  }
  await i18n.changeLanguage(locale);
}

/** Adds every text of the app in one language (called once the app beyond the login page loads). */
export function addTranslations(locale: Locale, texts: object): void {
  i18n.addResourceBundle(locale, 'translation', texts, true, true);
}

/** Adds every text of the app in every language. */
export function addAllTranslations(all: Record<Locale, object>): void {
  for (const locale of LOCALES) addTranslations(locale, all[locale]);
}

export { i18n };

import { useSyncExternalStore } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@portal/domain/constants';
import type en from '../locales/en.json';
// The first page (the login) needs only the login part of the texts (locales/parts.ts); the app adds the rest when it loads.
import loginTexts from 'virtual:locale-part/all/login';

/** `auth.login.title`: every text of locales/en.json by its dotted path. */
type Paths<Node, Prefix extends string = ''> = {
  [Key in keyof Node & string]: Node[Key] extends string ? `${Prefix}${Key}` : Paths<Node[Key], `${Prefix}${Key}.`>;
}[keyof Node & string];
export type TextKey = Paths<typeof en>;

/** The values a text's placeholders take (ICU MessageFormat: `{name}`, `{count, plural, …}`); `defaultValue` stands in for a missing text. */
export type TextValues = Record<string, unknown> & { defaultValue?: string };

export type TFunction = {
  (key: TextKey, values?: TextValues): string;
  /** A key made from data (a field's name), with the text to show when the files have none for it. */
  (key: string, values: TextValues & { defaultValue: string }): string;
};

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

/** The texts, compiled at build time (locale-sections.ts), formatted by Lingui. */
export const lingui = setupI18n({ locale: detectLocale(browserLocaleSources()), messages: loginTexts });

function translate(key: string, { defaultValue, ...values }: TextValues = {}): string {
  return lingui._(key, values, defaultValue === undefined ? undefined : { message: defaultValue });
}

const t: TFunction = translate;

export function currentLocale(): Locale {
  return isLocale(lingui.locale) ? lingui.locale : DEFAULT_LOCALE;
}

let shownLocale = '';
function reflectLanguage() {
  if (typeof document === 'undefined' || shownLocale === lingui.locale) return;
  shownLocale = lingui.locale;
  document.documentElement.lang = currentLocale();
  document.title = `${t('app.brand')} ${t('app.title')}`;
}

reflectLanguage();
lingui.on('change', reflectLanguage);

/** The interface language and its texts, for code outside React and for the screens through `useTranslation`. */
export const i18n = {
  t,
  get language(): Locale {
    return currentLocale();
  },
  /** Whether the texts loaded so far in the current language hold `key`. */
  exists: (key: string): boolean => key in lingui.messages,
  /** Shows the texts in `locale` (loaded beforehand: see `setLocale`); an unknown language is ignored. */
  changeLanguage: async (locale: string): Promise<void> => {
    if (isLocale(locale) && locale !== lingui.locale) lingui.activate(locale);
  },
};

// One function per language, so memos and effects that use it follow a switch.
const translators = new Map<string, TFunction>();
function translatorFor(locale: string): TFunction {
  let found = translators.get(locale);
  if (!found) {
    found = (key: string, values?: TextValues) => translate(key, values);
    translators.set(locale, found);
  }
  return found;
}

const subscribe = (onChange: () => void) => lingui.on('change', onChange);
const readLocale = () => lingui.locale;

/** The texts in the current language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const locale = useSyncExternalStore(subscribe, readLocale, readLocale);
  return { t: translatorFor(locale), i18n };
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

/** Adds texts of one language: a part of locales/{locale}.json, flattened to dotted keys and compiled. */
export function addTranslations(locale: Locale, texts: Messages): void {
  lingui.load(locale, texts);
}

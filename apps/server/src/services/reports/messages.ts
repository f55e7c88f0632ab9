import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from '@portal/domain/constants';
import de from '../../../../web/src/locales/de.json' with { type: 'json' };
import en from '../../../../web/src/locales/en.json' with { type: 'json' };
import { flattenTexts } from '../../../../web/src/locales/parts';

/** Reports and mails speak the portal's words: the same locale files (ICU messages) as the web app. */
const MESSAGES: Record<Locale, object> = { en, de };

/** A language's texts by dotted key, each compiled as the web build compiles it. */
const compiled = (texts: object) => Object.fromEntries(Object.entries(flattenTexts(texts)).map(([key, text]) => [key, compileMessage(text)]));

// Compiled on first use, once per language: a server that never writes a report or mail in German never compiles it.
const formatters = new Map<Locale, I18n>();
function formatter(locale: Locale): I18n {
  let found = formatters.get(locale);
  if (!found) {
    found = setupI18n({ locale, messages: { [locale]: compiled(MESSAGES[locale]) } });
    formatters.set(locale, found);
  }
  return found;
}

export function translator(locale: Locale) {
  const i18n = formatter(locale);
  return (key: string, params: Record<string, string | number> = {}) => i18n._(key, params);
}

/** SPEC §9: DD/MM/YYYY in German, MM/DD/YYYY otherwise. */
export function formatDay(value: string | null | undefined, locale: Locale) {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return '–';
  const [, y, m, d] = match;
  return locale === 'de' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** The report's file name, in its language. */
export const reportFileName = (serial: string, reportVersion: number, locale: Locale) =>
  `${translator(locale)('report.fileName')}-${serial.replace(/[^\w.-]/g, '_')}-v${reportVersion}.pdf`;

import type { Locale } from '@portal/domain/constants';
import de from '../../../../web/src/locales/de.json' with { type: 'json' };
import en from '../../../../web/src/locales/en.json' with { type: 'json' };

/** Reports and mails speak the portal's words: the same locale files as the web app. */
const MESSAGES: Record<Locale, unknown> = { en, de };

export function translator(locale: Locale) {
  return (key: string, params: Record<string, string | number> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), MESSAGES[locale]);
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };
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

import type { Locale } from './constants';

/** How each interface language writes numbers: German 2.080,5, English 2,080.5. */
export const NUMBER_SEPARATORS: Record<Locale, { decimal: string; group: string }> = {
  en: { decimal: '.', group: ',' },
  de: { decimal: ',', group: '.' },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A number as a person types it in the interface language: '24,5' and '15.000' in German, '24.5' and
 * '15,000' in English. The other language's decimal separator is read as a decimal separator too
 * when it cannot be a thousands separator ('24.5' in German), so a value pasted from elsewhere is not
 * refused. Blank is undefined; anything else that is no number is NaN.
 */
export function parseLocaleNumber(text: string | number | null | undefined, locale: Locale): number | undefined {
  if (typeof text === 'number') return text;
  const compact = (text ?? '').replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return undefined;
  const sign = compact.startsWith('-') ? '-' : '';
  const body = sign ? compact.slice(1) : compact;
  const { decimal, group } = NUMBER_SEPARATORS[locale];
  const d = escape(decimal);
  const g = escape(group);
  const toNumber = (digits: string) => Number(`${sign}${digits}`);
  if (new RegExp(`^\\d{1,3}(${g}\\d{3})+(${d}\\d+)?$`).test(body)) return toNumber(body.split(group).join('').replace(decimal, '.'));
  if (new RegExp(`^(\\d+(${d}\\d*)?|${d}\\d+)$`).test(body)) return toNumber(body.replace(decimal, '.'));
  if (new RegExp(`^\\d+${g}\\d+$`).test(body)) return toNumber(body.replace(group, '.'));
  return Number.NaN;
}

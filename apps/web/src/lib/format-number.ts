import { useTranslation } from '@/lib/i18n';

const formats = new Map<string, Intl.NumberFormat>();

/** A number as the interface language writes it (2.080 in German, 2,080 in English). */
export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format.format(value);
}

/** `formatNumber` in the current interface language; re-renders when the language changes. */
export function useFormatNumber(): (value: number, options?: Intl.NumberFormatOptions) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (value, options) => formatNumber(value, locale, options);
}

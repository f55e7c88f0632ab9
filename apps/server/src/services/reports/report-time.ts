import type { Locale } from '@portal/domain/constants';
import { formatMoment } from '@portal/domain/time';

/** SPEC §9: DD/MM/YYYY in German, MM/DD/YYYY otherwise. */
export function formatReportDay(value: string | null | undefined, locale: Locale) {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return '–';
  const [, y, m, d] = match;
  return locale === 'de' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** Every moment the report prints goes through here: the day as the language writes it, the time in the fleet's time zone with the zone's name. */
export const formatReportMoment = (iso: string, locale: Locale, timeZone: string) => formatMoment(iso, locale, { timeZone, withZone: true });

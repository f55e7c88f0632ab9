import type { Locale } from '@portal/domain/constants';
import { formatMoment } from '@portal/domain/time';
import { formatDay } from './messages';

/** SPEC §9: DD/MM/YYYY in German, MM/DD/YYYY otherwise. */
export const formatReportDay = formatDay;

/** Every moment the report prints goes through here: the day as the language writes it, the time in the fleet's time zone with the zone's name. */
export const formatReportMoment = (iso: string, locale: Locale, timeZone: string) => formatMoment(iso, locale, { timeZone, withZone: true });

import dayjs from 'dayjs';
import type { Locale } from '@portal/domain/constants';

/** SPEC §9: dates read DD/MM/YYYY in German and MM/DD/YYYY otherwise. */
export function displayDateFormat(locale: Locale | string): string {
  return locale.toLowerCase().startsWith('de') ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
}

/** A calendar day (`YYYY-MM-DD`, an ISO timestamp or a Date) as the user's locale writes it; '' when there is none. */
export function formatDate(value: string | Date | null | undefined, locale: Locale | string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(displayDateFormat(locale)) : '';
}

/** The calendar day the API expects (`YYYY-MM-DD`), in local time so midnight never slips to the day before. */
export function toIsoDate(value: Date): string {
  return dayjs(value).format('YYYY-MM-DD');
}

import type { Locale } from '@portal/domain/constants';

/** SPEC §9: dates read DD/MM/YYYY in German and MM/DD/YYYY otherwise. */
export function displayDateFormat(locale: Locale | string): string {
  return locale.toLowerCase().startsWith('de') ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
}

/** `YYYY-MM-DD`: a calendar day, which is a day where the user is, not a moment in UTC. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | null {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The day's numbers in local time; the order and separators are SPEC §9's. Read from the date itself, not
 * through `Intl.DateTimeFormat`: the first date formatter a page builds costs a phone tens of milliseconds
 * (the time zone and calendar data it loads) while a screen opens.
 */
function dayFields(date: Date): Record<'DD' | 'MM' | 'YYYY', string> {
  return { DD: twoDigits(date.getDate()), MM: twoDigits(date.getMonth() + 1), YYYY: String(date.getFullYear()) };
}

/** A calendar day (`YYYY-MM-DD`, an ISO timestamp or a Date) as the user's locale writes it; '' when there is none. */
export function formatDate(value: string | Date | null | undefined, locale: Locale | string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const fields = dayFields(date);
  return displayDateFormat(locale).replace(/DD|MM|YYYY/g, (token) => fields[token as keyof typeof fields]);
}

/** The calendar day the API expects (`YYYY-MM-DD`), in local time so midnight never slips to the day before. */
export function toIsoDate(value: Date): string {
  const { YYYY, MM, DD } = dayFields(value);
  return `${YYYY}-${MM}-${DD}`;
}

import { z } from 'zod';

/** A fleet's time zone until the operator sets another: where most fleets are. */
export const DEFAULT_FLEET_TIME_ZONE = 'Europe/Berlin';

/** An IANA time zone name the runtime knows (`Europe/Berlin`, `UTC`, `America/New_York`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const TIME_ZONE_ERROR = 'invalidTimeZone';

/** A fleet's time zone, as the operator sets it. */
export const TimeZoneSchema = z.string().trim().min(1, TIME_ZONE_ERROR).max(64, TIME_ZONE_ERROR).refine(isTimeZone, TIME_ZONE_ERROR);

/**
 * A moment (ISO timestamp or Date) as a person reads it: the day in SPEC §9's order (DD/MM/YYYY in
 * German, MM/DD/YYYY otherwise) and the time of day in 24 hours, in `timeZone` (the runtime's own when
 * none is given); `withZone` adds the zone's short name ("MEZ", "CET"). '' for no moment.
 */
export function formatMoment(value: string | Date | null | undefined, locale: string, { timeZone, withZone = false }: { timeZone?: string; withZone?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const isGerman = locale.toLowerCase().startsWith('de');
  const numbers = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const part = new Map(numbers.formatToParts(date).map((p) => [p.type, p.value]));
  const day = isGerman ? `${part.get('day')}/${part.get('month')}/${part.get('year')}` : `${part.get('month')}/${part.get('day')}/${part.get('year')}`;
  const text = `${day} ${part.get('hour')}:${part.get('minute')}`;
  if (!withZone) return text;
  const zone = new Intl.DateTimeFormat(isGerman ? 'de-DE' : 'en-GB', { timeZone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return zone ? `${text} ${zone}` : text;
}

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

/** The wall-clock fields of a moment in a time zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far a time zone's clocks are ahead of UTC at a moment, in milliseconds (negative west of Greenwich). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** Today in a time zone: its day (YYYY-MM-DD) and the moment it began there (also on a day the clocks change). */
export function todayIn(timeZone: string, now: Date = new Date()): { day: string; start: Date } {
  const { year, month, day } = wallClock(now, timeZone);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // The offset at the local midnight, not at `now`: a change of the clocks may lie between them.
  const guess = midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone);
  const start = midnightAsUtc - zoneOffsetMs(new Date(guess), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: `${year}-${pad(month)}-${pad(day)}`, start: new Date(start) };
}

/**
 * Orders keys, field paths and ISO timestamps by their characters. `localeCompare` would build the
 * browser's collator on first use, which costs a phone tens of milliseconds while a screen opens, for an
 * order no one reads: these sorts only need to be the same every time, and ISO timestamps sort by time.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

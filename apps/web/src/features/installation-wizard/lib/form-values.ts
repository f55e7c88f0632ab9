import type { Locale } from '@portal/domain/constants';
import { parseLocaleNumber } from '@portal/domain/number-format';
import { formatNumber } from '@/lib/format-number';
import { currentLocale } from '@/lib/i18n';
import { compareText } from '@/lib/compare-text';

/**
 * Forms keep what the installer typed as text; numbers are read only for validation and saving,
 * in the interface language ('24,5' and '15.000' in German), so a half-typed value never jumps around.
 */
export function parseNumberInput(text: string | number | null | undefined, locale: Locale = currentLocale()): number | undefined {
  return parseLocaleNumber(text, locale);
}

/** A saved number as the text of a field: the language's decimal separator, no thousands separator. */
export const numberToText = (value: number | null | undefined, locale: Locale = currentLocale()) =>
  value === null || value === undefined ? '' : formatNumber(value, locale, { useGrouping: false, maximumFractionDigits: 20 });

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => compareText(a, b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** Plain form values (text, numbers, booleans, arrays, objects) compared by content. */
export function isSameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

/** A key for one logical save; a retry of that save sends the same key (8-128 of [A-Za-z0-9_.:-]). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a depot tablet may open the portal over plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

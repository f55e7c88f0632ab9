/**
 * A spreadsheet opening an exported CSV or XLSX runs a cell that starts with `=`, `+`, `-` or `@`
 * (or a tab or carriage return before one) as a formula. Such text gets a leading apostrophe, so it
 * shows as written and never runs. Numbers stay numbers; only text is changed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Bidirectional controls (embeddings, overrides, isolates, marks) make a cell read differently from
 * what it holds ("exe.pdf" shown as "fdp.exe"): they are removed.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function neutraliseCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  const text = value.replace(BIDI_CONTROLS, '');
  return FORMULA_START.test(text) ? `'${text}` : text === value ? value : text;
}

export const neutraliseRow = <T extends readonly unknown[]>(row: T) => row.map(neutraliseCell);

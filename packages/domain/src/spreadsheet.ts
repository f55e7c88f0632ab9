/**
 * A spreadsheet opening an exported CSV or XLSX runs a cell that starts with `=`, `+`, `-` or `@`
 * (or a tab or carriage return before one) as a formula. Such text gets a leading apostrophe, so it
 * shows as written and never runs. Numbers stay numbers; only text is changed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

export const neutraliseRow = <T extends readonly unknown[]>(row: T) => row.map(neutraliseCell);

import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseRow } from './spreadsheet';

describe('neutraliseCell', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(neutraliseCell(text)).toBe(`'${text}`);
  });
  it('leaves other text, numbers and empty cells alone', () => {
    expect(neutraliseRow(['Volvo', 'a=b', '', 42, -3, null])).toEqual(['Volvo', 'a=b', '', 42, -3, null]);
  });
});

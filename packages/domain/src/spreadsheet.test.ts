import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseRow } from './spreadsheet';

describe('neutraliseCell', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(neutraliseCell(text)).toBe(`'${text}`);
  });
  it('removes bidirectional controls, so a cell reads as what it holds', () => {
    expect(neutraliseCell('Invoice \u202Efdp.exe')).toBe('Invoice fdp.exe');
    expect(neutraliseCell('\u2067=1+1\u2069')).toBe("'=1+1");
    expect(neutraliseCell('a\u200Eb\u200Fc\u061Cd\u202Ae\u2066f')).toBe('abcdef');
  });
  it('leaves other text, numbers and empty cells alone', () => {
    expect(neutraliseRow(['Volvo', 'a=b', '', 42, -3, null])).toEqual(['Volvo', 'a=b', '', 42, -3, null]);
  });
});

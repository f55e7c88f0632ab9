import { describe, expect, it } from 'vitest';
import { IdParamsSchema } from './ids';
import { isRowId, MAX_ROW_ID } from './row-id';

describe('isRowId', () => {
  const segments = ['1', '42', '007', String(MAX_ROW_ID), String(MAX_ROW_ID + 1), '0', '', '-1', '1.5', '1e3', ' 7', 'abc', '99999999999999999999'];

  it('takes digits naming a row from 1 to MAX_ROW_ID', () => {
    expect(segments.filter(isRowId)).toEqual(['1', '42', '007', String(MAX_ROW_ID)]);
  });

  it('agrees with the id the server reads from the path', () => {
    for (const segment of segments) expect(isRowId(segment), segment).toBe(/^\d+$/.test(segment) && IdParamsSchema.safeParse({ id: segment }).success);
  });
});

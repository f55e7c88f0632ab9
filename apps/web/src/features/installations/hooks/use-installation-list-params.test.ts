import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PARAMS } from '@portal/domain/installation-list';
import { parseListParams, writeListParams } from './use-installation-list-params';

describe('list filters in the URL', () => {
  it('reads status, start date range and failed checks, and writes them back', () => {
    const params = parseListParams(new URLSearchParams('status=completed&from=2026-11-01&to=2026-11-30&failedChecks=true&mine=true'));
    expect(params).toMatchObject({ status: 'completed', from: '2026-11-01', to: '2026-11-30', failedChecks: true, mine: true });
    expect(writeListParams(params).toString()).toBe('mine=true&status=completed&from=2026-11-01&to=2026-11-30&failedChecks=true');
  });

  it('ignores what is no filter, and leaves the defaults out of the URL', () => {
    expect(parseListParams(new URLSearchParams('status=archived&from=15.11.2026&to=2026-13-45&failedChecks=yes'))).toEqual(DEFAULT_LIST_PARAMS);
    expect(writeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createReadyInstallation, createRun, createSummary } from '../testing/check-factory';
import { systemChecksQueryKey } from './get-system-checks';
import { summaryQueryKey } from './get-summary';
import { storeSavedInstallation } from './save-options';

describe('a saved installation', () => {
  it('replaces the cached one and marks its summary out of date, but not its check run', () => {
    const queryClient = new QueryClient();
    const saved = createReadyInstallation({ version: 4 });
    queryClient.setQueryData(summaryQueryKey(42), createSummary());
    queryClient.setQueryData(systemChecksQueryKey(42), createRun());
    storeSavedInstallation(queryClient, saved);
    expect(queryClient.getQueryData(['installation', 42])).toEqual(saved);
    expect(queryClient.getQueryState(summaryQueryKey(42))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(systemChecksQueryKey(42))?.isInvalidated).toBe(false);
  });
});

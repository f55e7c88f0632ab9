import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { installationKeys } from '@/lib/query-keys';
import { createReadyInstallation, createRun, createSummary } from '../testing/check-factory';
import { storeSavedInstallation } from './save-options';

describe('a saved installation', () => {
  it('replaces the cached one and marks its summary out of date, but not its check run', () => {
    const queryClient = new QueryClient();
    const saved = createReadyInstallation({ version: 4 });
    queryClient.setQueryData(installationKeys.summary(42), createSummary());
    queryClient.setQueryData(installationKeys.systemChecks(42), createRun());
    storeSavedInstallation(queryClient, saved);
    expect(queryClient.getQueryData(installationKeys.detail(42))).toEqual(saved);
    expect(queryClient.getQueryState(installationKeys.summary(42))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(installationKeys.systemChecks(42))?.isInvalidated).toBe(false);
  });
});

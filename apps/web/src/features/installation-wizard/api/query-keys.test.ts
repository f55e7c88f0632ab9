import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys, installationKeys, operatorKeys } from '@/lib/query-keys';
import { isKeptOffline } from '@/lib/query-persistence';
import type { InstallationListParams } from '@portal/domain/installation-list';
import { getInstallationsQueryOptions } from '@/features/installations/api/get-installations';
import { getInstallationQueryOptions } from './get-installation';
import { getSummaryQueryOptions } from './get-summary';
import { getSystemChecksQueryOptions } from './get-system-checks';
import { getUploadsQueryOptions } from './get-uploads';
import { getHistoryQueryOptions } from './get-history';

/** Caches a value under every key, invalidates `parent` and answers which keys it reached. */
function invalidatedBy(parent: QueryKey, keys: readonly QueryKey[]): Promise<boolean[]> {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, 'cached');
  return queryClient
    .invalidateQueries({ queryKey: parent, refetchType: 'none' })
    .then(() => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated === true));
}

const firstPage: InstallationListParams = { page: 1, pageSize: 20, q: '', sort: 'startDate', order: 'desc', mine: false, status: '', from: '', to: '', failedChecks: false, ownDraftsFirst: false };

describe('installation query keys', () => {
  it('nest what belongs to one installation under it, and no other installation', async () => {
    const ofSeven = [
      getInstallationQueryOptions(7).queryKey,
      getSummaryQueryOptions(7).queryKey,
      getSystemChecksQueryOptions(7).queryKey,
      getUploadsQueryOptions(7).queryKey,
      getHistoryQueryOptions(7).queryKey,
    ];
    const others = [getInstallationQueryOptions(8).queryKey, getSummaryQueryOptions(8).queryKey, installationKeys.list('nordbus', { page: 1 })];
    expect(await invalidatedBy(installationKeys.detail(7), [...ofSeven, ...others])).toEqual([true, true, true, true, true, false, false, false]);
    expect(await invalidatedBy(installationKeys.all, [...ofSeven, ...others])).toEqual([true, true, true, true, true, true, true, false]);
  });

  it("nest every page of a fleet's list under the fleet, and no other fleet's", async () => {
    const keys = [
      getInstallationsQueryOptions('nordbus', firstPage).queryKey,
      getInstallationsQueryOptions('nordbus', { ...firstPage, page: 2, q: 'Bus' }).queryKey,
      getInstallationsQueryOptions('sono', firstPage).queryKey,
      installationKeys.detail(7),
    ];
    expect(await invalidatedBy(installationKeys.lists('nordbus'), keys)).toEqual([true, true, false, false]);
    expect(await invalidatedBy(installationKeys.allLists, keys)).toEqual([true, true, true, false]);
  });

  it("nest a fleet's admin area and the operator's lists under one key each", async () => {
    const admin = [adminKeys.systemsPage('nordbus', { page: 1 }), adminKeys.members('nordbus'), adminKeys.members('sono')];
    expect(await invalidatedBy(adminKeys.all('nordbus'), admin)).toEqual([true, true, false]);
    expect(await invalidatedBy(adminKeys.systems('nordbus'), admin)).toEqual([true, false, false]);
    expect(await invalidatedBy(operatorKeys.all, [operatorKeys.fleets, operatorKeys.companies])).toEqual([true, true]);
  });

  it('keep offline the installation, its uploads and its summary, not its checks', () => {
    expect(isKeptOffline(installationKeys.detail(7))).toBe(true);
    expect(isKeptOffline(installationKeys.uploads(7))).toBe(true);
    expect(isKeptOffline(installationKeys.list('nordbus', { page: 1 }))).toBe(true);
    expect(isKeptOffline(installationKeys.summary(7))).toBe(true);
    expect(isKeptOffline(installationKeys.systemChecks(7))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { installationKeys, partnerKeys } from '@/lib/query-keys';
import { isKeptOffline } from '@/lib/query-persistence';
import { getInstallationQueryOptions } from './get-installation';
import { getPartnerOptionsQueryOptions } from './get-partner-options';
import { summaryQueryKey } from './get-summary';
import { systemChecksQueryKey } from './get-system-checks';
import { uploadsQueryKey } from './get-uploads';
import { getHistoryQueryOptions } from './get-history';

describe('installation query keys', () => {
  it('are the keys the wizard queries are cached under', () => {
    expect(installationKeys.detail(7)).toEqual(getInstallationQueryOptions(7).queryKey);
    expect(installationKeys.summary(7)).toEqual(summaryQueryKey(7));
    expect(installationKeys.systemChecks(7)).toEqual(systemChecksQueryKey(7));
    expect(installationKeys.uploads(7)).toEqual(uploadsQueryKey(7));
    expect(installationKeys.history(7)).toEqual(getHistoryQueryOptions(7).queryKey);
    expect(partnerKeys.all).toEqual(getPartnerOptionsQueryOptions().queryKey);
  });

  it('keep offline the installation and its uploads, not its summary or checks', () => {
    expect(isKeptOffline(installationKeys.detail(7))).toBe(true);
    expect(isKeptOffline(installationKeys.uploads(7))).toBe(true);
    expect(isKeptOffline(installationKeys.list('nordbus', { page: 1 }))).toBe(true);
    expect(isKeptOffline(installationKeys.summary(7))).toBe(false);
    expect(isKeptOffline(installationKeys.systemChecks(7))).toBe(false);
  });
});

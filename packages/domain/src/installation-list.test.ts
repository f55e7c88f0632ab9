import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PARAMS, deviceTimeZone, installationListPath, listFilterQuery, RECENT_INSTALLATIONS } from './installation-list';
import { InstallationListQuerySchema } from './installation';

describe('installation list address', () => {
  it('asks for the newest ten on the fleet home, the own drafts of today in the device time zone first', () => {
    const tz = encodeURIComponent(deviceTimeZone()).replace(/%20/g, '+');
    expect(installationListPath('sono', RECENT_INSTALLATIONS)).toBe(`/api/installations?fleet=sono&page=1&pageSize=10&sort=createdAt&order=desc&ownDraftsFirst=true&tz=${tz}`);
    expect(InstallationListQuerySchema.parse(Object.fromEntries(new URL(installationListPath('sono', RECENT_INSTALLATIONS), 'http://portal').searchParams))).toMatchObject({
      ownDraftsFirst: 'true',
      tz: deviceTimeZone(),
    });
  });

  it('refuses a time zone the runtime does not know', () => {
    expect(InstallationListQuerySchema.safeParse({ fleet: 'sono', ownDraftsFirst: 'true', tz: 'Mars/Olympus' }).success).toBe(false);
  });

  it('sends only the filters that are set, with the text trimmed', () => {
    const params = { ...DEFAULT_LIST_PARAMS, q: '  bus 7 ', mine: true, status: 'completed' as const, from: '2026-11-01', failedChecks: true };
    expect(listFilterQuery('sono', params).toString()).toBe('fleet=sono&q=bus+7&mine=true&status=completed&from=2026-11-01&failedChecks=true');
    expect(listFilterQuery('sono', DEFAULT_LIST_PARAMS).toString()).toBe('fleet=sono');
  });

  it('builds a query the server accepts', () => {
    const params = { ...DEFAULT_LIST_PARAMS, page: 3, pageSize: 50, sort: 'name' as const, order: 'asc' as const, to: '2026-11-30' };
    const query = Object.fromEntries(new URL(installationListPath('fleet one', params), 'http://portal').searchParams);
    expect(InstallationListQuerySchema.parse(query)).toMatchObject({ fleet: 'fleet one', page: 3, pageSize: 50, sort: 'name', order: 'asc', to: '2026-11-30' });
  });
});

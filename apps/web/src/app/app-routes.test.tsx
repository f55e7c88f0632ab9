import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FleetMembership, Me } from '@portal/domain/fleet';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { draftKey, pendingDraftKeys, readDraft, resetDraftStoreForTests, writeDraft, writePendingSave } from '@/features/installation-wizard/lib/draft-storage';
import type { fakeFetch } from '@/test/render';
import { fleetBody, resetSessionAroundEachTest, startApp, testToken as token } from '@/test/start-app';

const authConfig = { emailLink: true, google: null, microsoft: null, supportEmail: 'help@example.com', demo: true };
const slow = { timeout: 5000 };

function me(fleets: Me['fleets']): Me {
  return { id: 'u1', name: 'Ina Installer', email: 'ina@example.com', company: null, fleets, isOperator: false };
}

const sono: FleetMembership = { slug: 'sono', name: 'Sono Demo Fleet', role: 'admin' };
const other: FleetMembership = { slug: 'other', name: 'Other Fleet', role: 'installer' };
const notFound = { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Fleet not found' } };

function start(route: string, routes: Parameters<typeof fakeFetch>[0], options?: { signedIn?: boolean }) {
  return startApp(
    route,
    { 'GET /config.auth.json': { body: authConfig }, 'GET /api/installations': { body: { items: [], total: 0, page: 1, pageSize: 10 } }, ...routes },
    options,
  );
}

resetSessionAroundEachTest();

describe('routes', () => {
  it('sends visitors without a session to the login page', async () => {
    start('/sono/installations', {}, { signedIn: false });
    expect(await screen.findByRole('button', { name: 'Request email link' }, slow)).toBeTruthy();
  });

  it('opens the default fleet sono from #/ and shows its home', async () => {
    const fake = start('/', {
      'GET /api/me': { body: me([other, sono]) },
      'GET /api/fleets/sono': { body: fleetBody(sono) },
    });
    expect(await screen.findByRole('button', { name: 'Add new installation' }, slow)).toBeTruthy();
    expect((await screen.findAllByText('No installations yet.', undefined, slow)).length).toBeGreaterThan(0);
    const meCall = fake.calls.find((call) => call.path === '/api/me');
    expect(new Headers(meCall?.init?.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  it('shows the home with a load error and its retry when the list fails, and stops asking', async () => {
    const fake = start('/sono', {
      'GET /api/me': { body: me([sono]) },
      'GET /api/fleets/sono': { body: fleetBody(sono) },
      'GET /api/installations': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
    });
    expect(await screen.findByText('Error loading data', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add new installation' })).toBeTruthy();
    const listCalls = () => fake.calls.filter((call) => call.path === '/api/installations').length;
    const asked = listCalls();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listCalls()).toBe(asked);
    expect(screen.getByText('Error loading data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(listCalls()).toBe(asked + 1));
  });

  it('shows Admin only to admins of the fleet and the fleet switcher only with several fleets', async () => {
    start('/sono', {
      'GET /api/me': { body: me([other, sono]) },
      'GET /api/fleets/sono': { body: fleetBody(sono) },
    });
    expect(await screen.findByRole('link', { name: 'Admin' }, slow)).toBeTruthy();
    expect(screen.getByTestId('fleet-switcher')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Documentation' })).toBeNull();
  });

  it('hides Admin from installers and the switcher from single-fleet users', async () => {
    start('/other', {
      'GET /api/me': { body: me([other]) },
      'GET /api/fleets/other': { body: fleetBody(other) },
    });
    expect(await screen.findByRole('link', { name: 'Installations' }, slow)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.queryByTestId('fleet-switcher')).toBeNull();
  });

  it("tells a user without fleets 'Nothing to see here'", async () => {
    start('/', { 'GET /api/me': { body: me([]) } });
    expect(await screen.findByText('Nothing to see here', undefined, slow)).toBeTruthy();
  });

  it('denies a fleet the user is not a member of and retries on request', async () => {
    const fake = start('/foreign', {
      'GET /api/me': { body: me([sono]) },
      'GET /api/fleets/foreign': notFound,
    });
    expect(await screen.findByText('You do not have permission to access this page.', undefined, slow)).toBeTruthy();
    const before = fake.calls.filter((call) => call.path === '/api/fleets/foreign').length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.path === '/api/fleets/foreign').length).toBe(before + 1));
  });

  it('signs out and returns to the login page when the server answers 401', async () => {
    start('/', {
      'GET /api/me': { status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'Session expired' } },
    });
    expect(await screen.findByRole('button', { name: 'Request email link' }, slow)).toBeTruthy();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('after a 401, forgets what the user only typed, and keeps their waiting save for their next sign-in', async () => {
    globalThis.indexedDB = new IDBFactory();
    resetDraftStoreForTests();
    const typed = draftKey('u1', 'new', 'general');
    const waiting = draftKey('u1', 42, 'vehicle');
    await writeDraft(typed, { values: { systemSerialNumber: 'SN-TYPED-1' }, savedAt: '2026-11-27T07:00:00.000Z' });
    const save = { endpoint: 'update' as const, installationId: 42, body: { version: 3, name: 'Bus 7' }, idempotencyKey: 'k1' };
    await writePendingSave(waiting, { save, values: { name: 'Bus 7' }, tab: 'vehicle', installation: 42, fleet: 'sono', createdAt: '2026-11-27T07:01:00.000Z' });
    start('/sono', { 'GET /api/me': { status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'Session expired' } } });
    expect(await screen.findByRole('button', { name: 'Request email link' }, slow)).toBeTruthy();
    await waitFor(async () => expect(await readDraft(typed)).toBeUndefined(), slow);
    expect(await pendingDraftKeys('u1')).toEqual([waiting]);
  });

  it("says 'installation not found' for an id outside the user's fleets", async () => {
    start('/sono/installations/42', {
      'GET /api/me': { body: me([sono]) },
      'GET /api/fleets/sono': { body: fleetBody(sono) },
      'GET /api/installations/42': { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Installation not found' } },
    });
    expect(await screen.findByRole('heading', { name: 'Installation not found' }, slow)).toBeTruthy();
  });

  it('opens the pre-installation checklist at #/:fleet/installations/new', async () => {
    start('/sono/installations/new', {
      'GET /api/me': { body: me([sono]) },
      'GET /api/fleets/sono': { body: fleetBody(sono) },
    });
    expect(await screen.findByRole('heading', { name: 'Pre-installation' }, slow)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'support@sonomotors.com' }, slow)).getAttribute('href')).toBe('mailto:support@sonomotors.com');
  });
});

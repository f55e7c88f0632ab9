import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { FleetMembership } from '@portal/domain/fleet';
import { connectAuth } from '@/app/auth-bridge';
import { AppRoutes } from '@/app/router';
import { tokenManager } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { fakeFetch, renderWithProviders } from '@/test/render';

/** An access token the app takes as valid until 2100. */
export const testToken = `x.${btoa(JSON.stringify({ exp: 4_102_444_800 }))}.y`;

/** What GET /api/fleets/:slug answers for a membership. */
export const fleetBody = (fleet: FleetMembership) => ({
  ...fleet,
  customer: { name: 'Sono Motors', primaryContact: 'Max', emailAddress: 'fleet@example.com' },
});

/** Renders the whole app at `route`, signed in as Ina unless told otherwise, with the API faked by `routes`; returns the fake and the app's query cache. */
export function startApp(route: string, routes: Parameters<typeof fakeFetch>[0], { signedIn = true } = {}) {
  if (signedIn) useAuthStore.getState().signIn({ id: 'u1', name: 'Ina Installer', email: 'ina@example.com' });
  const fake = fakeFetch({ 'GET /api/auth/token': { body: { token: testToken } }, ...routes });
  vi.stubGlobal('fetch', fake.fetchFn);
  connectAuth(() => undefined);
  const { queryClient } = renderWithProviders(<AppRoutes />, { route });
  return { ...fake, queryClient };
}

/** Each test starts without a token and ends signed out, with the real fetch back. */
export function resetSessionAroundEachTest(): void {
  beforeEach(() => {
    tokenManager.clear();
  });
  afterEach(() => {
    // The app goes before the faked server does: a refetch it still had coming must not reach the network.
    cleanup();
    vi.unstubAllGlobals();
    tokenManager.clear();
    useAuthStore.getState().signOut();
  });
}

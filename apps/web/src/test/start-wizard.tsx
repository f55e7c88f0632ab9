import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, fireEvent, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { IDBFactory } from 'fake-indexeddb';
import type { FleetMembership, Me } from '@portal/domain/fleet';
import type { Installation, WizardTab } from '@portal/domain/installation';
import { connectAuth } from '@/app/auth-bridge';
import { AppRoutes } from '@/app/router';
import { tokenManager } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { resetDraftStoreForTests } from '@/features/installation-wizard/lib/draft-storage';
import { resetFileStoreForTests } from '@/features/installation-wizard/lib/file-queue';
import { useWizardStore } from '@/features/installation-wizard/stores/wizard-store';

const token = `x.${btoa(JSON.stringify({ exp: 4_102_444_800 }))}.y`;
const sono: FleetMembership = { slug: 'sono', name: 'Sono Demo Fleet', role: 'installer' };
const me: Me = { id: 'u1', name: 'Ina Installer', email: 'ina@example.com', company: null, fleets: [sono], isOperator: false };

export const slow = { timeout: 10_000 };
/** The first test of a file also loads the lazy screens. */
export const TEST_TIMEOUT_MS = 20_000;

/** Shows the router's location, so tests can tell where the app went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** A fresh, empty IndexedDB and wizard state for each test (the setup file clears the toasts after each). */
export function resetWizardTestState(): void {
  globalThis.indexedDB = new IDBFactory();
  resetDraftStoreForTests();
  resetFileStoreForTests();
  useWizardStore.getState().reset();
  tokenManager.clear();
}

/** Each test of the file starts from a fresh wizard state and ends with nobody signed in and no faked globals. */
export function isolateWizardTests(): void {
  beforeEach(resetWizardTestState);
  afterEach(() => {
    // The app goes before the faked server does: a refetch it still had coming must not reach the network.
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.getState().signOut();
  });
}

/** Renders the signed-in app at `route` with the API faked by `routes` ("METHOD /path"). */
export function startWizard(route: string, routes: Parameters<typeof fakeFetch>[0]) {
  useAuthStore.getState().signIn({ id: 'u1', name: 'Ina Installer', email: 'ina@example.com' });
  const fake = fakeFetch({
    'GET /config.auth.json': { body: { emailLink: true, google: null, microsoft: null, supportEmail: 'help@example.com', demo: true } },
    'GET /api/auth/token': { body: { token } },
    'GET /api/me': { body: me },
    'GET /api/fleets/sono': { body: { ...sono, customer: { name: 'Sono Motors GmbH', primaryContact: 'Laurin Hahn', emailAddress: 'fleet@sonomotors.example' } } },
    'GET /api/installations': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetchFn);
  connectAuth(() => undefined);
  const view = renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route },
  );
  return { ...view, fake };
}

/** Renders one tab of a saved installation: the API reads `installation`, and answers `routes` besides. */
export function startWizardOnTab(installation: Installation, tab: WizardTab, routes: Parameters<typeof fakeFetch>[0] = {}) {
  return startWizard(`/sono/installations/${installation.id}?tab=${tab}`, { [`GET /api/installations/${installation.id}`]: { body: installation }, ...routes });
}

/** The JSON bodies sent to "METHOD /path". */
export function bodiesOf(fake: ReturnType<typeof fakeFetch>, method: string, path: string): unknown[] {
  return fake.calls.filter((c) => c.method === method && c.path === path).map((c) => JSON.parse(String(c.init?.body)));
}

export function headerOf(call: { init?: RequestInit } | undefined, name: string): string | null {
  return new Headers(call?.init?.headers).get(name);
}

/** Picks the option labelled `label` of a select, as the browser's picker does. */
export function chooseOption(select: HTMLElement, label: string) {
  fireEvent.change(select, { target: { value: within(select).getByRole<HTMLOptionElement>('option', { name: label }).value } });
}

import { AUTH_STORAGE_KEY } from '@portal/domain/constants';
import { installationDetailPath, installationListPath, RECENT_INSTALLATIONS } from '@portal/domain/installation-list';

/** A response fetched at boot is only used by a screen that asks for it this soon after the page loaded. */
const REUSE_WINDOW_MS = 10_000;

const early = new Map<string, Promise<Response>>();
let startedAt = 0;

/** Whether the persisted session flag says someone is signed in (read without loading the store). */
export function isSignedInOnThisDevice(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    const saved = JSON.parse(storage?.getItem(AUTH_STORAGE_KEY) ?? 'null') as { state?: { isLoggedIn?: unknown } } | null;
    return saved?.state?.isLoggedIn === true;
  } catch {
    return false;
  }
}

type BootPlan = { fleet: string | null; isFleetHome: boolean; installationId?: number | null };

/**
 * Starts, before any screen's code has loaded, the requests the first screen will make: the token
 * from the session cookie, then `me`, the fleet and the home's list or the opened installation in
 * parallel with that token. The API client takes each response once instead of asking again
 * (`takeBootResponse`).
 *
 * The wizard's own read of its installation would wait for its screen's code and its tab's: React
 * starts a screen's queries when the screen is shown, after every chunk inside it has loaded.
 */
export function startBootRequests({ fleet, isFleetHome, installationId = null }: BootPlan): void {
  startedAt = performance.now();
  const accept = { accept: 'application/json' };
  const token = fetch('/api/auth/token', { credentials: 'include', headers: accept });
  const bearer = token
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.clone().json()) as { token?: unknown };
      return typeof body.token === 'string' && body.token !== '' ? body.token : null;
    })
    .catch(() => null);
  const keep = (path: string, response: Promise<Response>) => {
    // A failed early request is asked again by the screen; it is no error of its own.
    response.catch(() => undefined);
    early.set(path, response);
  };
  keep('/api/auth/token', token);
  const withToken = (path: string) =>
    keep(
      path,
      bearer.then((value) => {
        if (value === null) throw new Error('No session for an early request');
        return fetch(path, { headers: { ...accept, authorization: `Bearer ${value}` } });
      }),
    );
  withToken('/api/me');
  if (fleet !== null) {
    withToken(`/api/fleets/${encodeURIComponent(fleet)}`);
    if (isFleetHome) withToken(installationListPath(fleet, RECENT_INSTALLATIONS));
    if (installationId !== null) withToken(installationDetailPath(installationId));
  }
}

/** The response of a GET started at boot for exactly this path, once; null when there is none (or it is too old). */
export function takeBootResponse(path: string): Promise<Response | null> | null {
  const response = early.get(path);
  if (!response) return null;
  early.delete(path);
  if (performance.now() - startedAt > REUSE_WINDOW_MS) return null;
  return response.catch(() => null);
}

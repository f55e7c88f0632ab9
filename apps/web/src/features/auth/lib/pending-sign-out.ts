import { isApiError } from '@/lib/api-error';
import { signOut } from '../api/sign-out';

/**
 * A logout without a network cannot end the server session at once. The device remembers it: no
 * later load resumes that session (the token is refused while it waits), and the server session is
 * ended as soon as the network is back, before anything else is sent and before anyone signs in.
 */
const KEY = 'portal-pending-sign-out';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const hasPendingSignOut = (): boolean => storage()?.getItem(KEY) != null;

export const rememberPendingSignOut = (): void => storage()?.setItem(KEY, new Date().toISOString());

let running: Promise<boolean> | null = null;

/** Ends a sign-out that waited for the network; true once none waits (false: still no network). */
export function endPendingSignOut(): Promise<boolean> {
  if (!hasPendingSignOut()) return Promise.resolve(true);
  running ??= signOut()
    .then(
      () => true,
      // An answer that is not a success (the session had expired already) ends the wait too.
      (error: unknown) => !(isApiError(error) && error.isNetworkError),
    )
    .then((isEnded) => {
      if (isEnded) storage()?.removeItem(KEY);
      return isEnded;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/** Signs out on the server now, or remembers to as soon as the network is back. */
export async function signOutEverywhere(): Promise<void> {
  rememberPendingSignOut();
  await endPendingSignOut();
}

/** At start-up and on every return of the network: a sign-out that waits goes first. */
export function followPendingSignOut(): void {
  void endPendingSignOut();
  window.addEventListener('online', () => void endPendingSignOut());
}

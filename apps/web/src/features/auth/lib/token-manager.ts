import { readJwtExpiry } from './jwt';

/** Renew this long before the token expires so a request never leaves with a dying token. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** When a token carries no readable expiry, assume the server's lifetime of ten minutes. */
const FALLBACK_LIFETIME_MS = 10 * 60_000;
/** Browsers fire longer timeouts at once; renewing a long-lived token early is harmless. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type TokenManagerOptions = {
  /** Fetches a fresh ID token from the session cookie; null when there is no session. */
  fetchToken: () => Promise<string | null>;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type TokenManager = ReturnType<typeof createTokenManager>;

export function createTokenManager({
  fetchToken,
  now = () => Date.now(),
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: TokenManagerOptions) {
  let token: string | null = null;
  let expiresAt = 0;
  let inFlight: Promise<string | null> | null = null;
  let timer: unknown = null;
  // Bumped by clear(): a renewal that started before sign-out must not bring the token back.
  let generation = 0;
  const renewalListeners = new Set<() => void>();

  function isFresh() {
    return token !== null && expiresAt - RENEW_BEFORE_EXPIRY_MS > now();
  }

  function schedule() {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (token === null) return;
    const delay = Math.min(Math.max(expiresAt - RENEW_BEFORE_EXPIRY_MS - now(), 0), MAX_TIMER_MS);
    timer = setTimer(() => {
      timer = null;
      // A failed background renewal is retried by the next call to getToken().
      refresh().catch(() => undefined);
    }, delay);
  }

  function refresh(): Promise<string | null> {
    if (inFlight) return inFlight;
    const started = generation;
    inFlight = fetchToken()
      .then((next) => {
        if (started !== generation) return null;
        token = next;
        expiresAt = next ? (readJwtExpiry(next) ?? now() + FALLBACK_LIFETIME_MS) : 0;
        schedule();
        if (next) for (const listener of renewalListeners) listener();
        return next;
      })
      .finally(() => {
        if (started === generation) inFlight = null;
      });
    return inFlight;
  }

  return {
    /** The current token, renewed first when it is missing or about to expire. */
    getToken(): Promise<string | null> {
      if (isFresh()) return Promise.resolve(token);
      return refresh().catch((error: unknown) => {
        // Renewal failed (offline for a moment): a token that has not expired yet still works.
        if (token !== null && expiresAt > now()) return token;
        throw error;
      });
    },
    refresh,
    /**
     * Which sign-in the manager serves; it changes with each clear(). A renewal that started before
     * answers null, and its caller tells from this that the answer is about a session that has gone.
     */
    session: (): number => generation,
    /** Called after each successful renewal: the server answered, so writes kept on the device may go out. */
    onRenewed(listener: () => void): () => void {
      renewalListeners.add(listener);
      return () => renewalListeners.delete(listener);
    },
    clear() {
      generation += 1;
      token = null;
      expiresAt = 0;
      inFlight = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

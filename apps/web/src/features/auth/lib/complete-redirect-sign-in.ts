import { useAuthStore } from '../stores/auth-store';
import { rememberFreshSignIn } from './fresh-sign-in';
import { callbackErrorKey, socialErrorKey, type LoginErrorKey } from './login-errors';
import { tokenManager } from './session';

const PENDING_PROVIDER_KEY = 'loginProvider';

/** Remembers, for this tab only, which provider the browser is being sent to. */
export function rememberPendingProvider(provider: string): void {
  try {
    sessionStorage.setItem(PENDING_PROVIDER_KEY, provider);
  } catch {
    // Without it a failure is reported as a link failure; still a readable message.
  }
}

function takePendingProvider(): string | null {
  try {
    const provider = sessionStorage.getItem(PENDING_PROVIDER_KEY);
    sessionStorage.removeItem(PENDING_PROVIDER_KEY);
    return provider;
  } catch {
    return null;
  }
}

/** The server puts the error before the hash (`/?error=X#/login/callback`); providers may put it after. */
function readCallbackError(hashSearch: string): string | null {
  return new URLSearchParams(window.location.search).get('error') ?? new URLSearchParams(hashSearch).get('error');
}

function cleanUrl(): void {
  if (window.location.search === '') return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
}

export type RedirectSignInResult = { ok: true } | { ok: false; error: LoginErrorKey };

/**
 * Finishes a sign-in that went through a redirect (email link, Google, Microsoft): the server has set
 * the session cookie (or reported an error); we turn the cookie into an ID token.
 */
export async function completeRedirectSignIn(hashSearch: string): Promise<RedirectSignInResult> {
  const provider = takePendingProvider();
  const errorCode = readCallbackError(hashSearch);
  cleanUrl();
  if (errorCode) return { ok: false, error: callbackErrorKey(errorCode, provider) };

  const token = await tokenManager.refresh().catch(() => null);
  if (!token) return { ok: false, error: socialErrorKey(provider) ?? 'auth.login.errors.linkFailed' };
  rememberFreshSignIn();
  useAuthStore.getState().signIn();
  return { ok: true };
}

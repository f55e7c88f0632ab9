const FRESH_SIGN_IN_KEY = 'freshSignIn';

/**
 * Marks, for this tab only, that a person has just signed in through the login page (code, link or
 * provider): the app then asks for the display name they have not chosen yet. Sessions made another way
 * (API clients, tokens of the operator's CLI) are never asked.
 */
export function rememberFreshSignIn(): void {
  try {
    sessionStorage.setItem(FRESH_SIGN_IN_KEY, '1');
  } catch {
    // Without storage the name is not asked now; it can still be set under the name in the menu.
  }
}

export function isFreshSignIn(): boolean {
  try {
    return sessionStorage.getItem(FRESH_SIGN_IN_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetFreshSignIn(): void {
  try {
    sessionStorage.removeItem(FRESH_SIGN_IN_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

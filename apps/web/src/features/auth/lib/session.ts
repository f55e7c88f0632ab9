import { getToken } from '../api/get-token';
import { useAuthStore } from '../stores/auth-store';
import { createTokenManager } from './token-manager';

/** The app's single holder of the ID token (memory only). */
export const tokenManager = createTokenManager({ fetchToken: getToken });

let mayResumeSession = true;

/**
 * Once per page load, the login page may turn an existing session cookie into a sign-in. Never
 * after this page signed out (logout or a 401), so a refused token cannot loop back in.
 */
export function takeSessionResumeChance(): boolean {
  const allowed = mayResumeSession;
  mayResumeSession = false;
  return allowed;
}

/** Forget the session on this device: token, persisted flag and profile. */
export function clearLocalSession(): void {
  mayResumeSession = false;
  tokenManager.clear();
  useAuthStore.getState().signOut();
}

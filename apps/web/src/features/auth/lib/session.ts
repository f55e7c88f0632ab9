import { getToken } from '../api/get-token';
import { useAuthStore } from '../stores/auth-store';
import { createTokenManager } from './token-manager';

/** The app's single holder of the ID token (memory only). */
export const tokenManager = createTokenManager({ fetchToken: getToken });

/** Forget the session on this device: token, persisted flag and profile. */
export function clearLocalSession(): void {
  tokenManager.clear();
  useAuthStore.getState().signOut();
}

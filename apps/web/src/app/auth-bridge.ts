import { clearLocalSession, tokenManager } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { configureApiAuth } from '@/lib/api-client';
import { useErrorStore } from '@/lib/error-store';
import { queryClient } from '@/lib/query-client';

/**
 * Signs out on this device only (the server already refused the session) and shows the login page.
 * The query copy goes with the user (see offline-cache), their drafts and picked files too; saves and
 * files still waiting stay bound to them, for when they sign in again.
 */
function onSessionLost(goToLogin: () => void) {
  const userId = useAuthStore.getState().user?.id;
  if (userId) void import('@/features/installation-wizard/lib/forget-user').then((m) => m.forgetLostSession(userId));
  clearLocalSession();
  queryClient.clear();
  useErrorStore.getState().clearError();
  goToLogin();
}

/**
 * Connects the API client to the session: every call waits for a valid ID token; a 401 signs out.
 * On page load the token (memory only) is fetched again from the session cookie.
 */
export function connectAuth(goToLogin: () => void): void {
  configureApiAuth({
    getToken: () => (useAuthStore.getState().isLoggedIn ? tokenManager.getToken() : Promise.resolve(null)),
    onUnauthorized: () => onSessionLost(goToLogin),
  });

  if (useAuthStore.getState().isLoggedIn) {
    const session = tokenManager.session();
    tokenManager
      .refresh()
      .then((token) => {
        // No session behind the cookie. Unless the installer signed out meanwhile: then the answer is
        // about the session they left, and must not sign out the one they may have started since.
        if (!token && tokenManager.session() === session) onSessionLost(goToLogin);
      })
      // Offline at start-up: calls retry the renewal and report their own errors.
      .catch(() => undefined);
  }
}

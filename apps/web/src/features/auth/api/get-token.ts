import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { endPendingSignOut, hasPendingSignOut } from '../lib/pending-sign-out';

// Checked by hand: this runs on every page load, before zod is needed anywhere.
function readToken(body: unknown): string {
  const token = body !== null && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
  if (typeof token !== 'string' || token === '') throw new TypeError('The token response holds no token');
  return token;
}

/**
 * A fresh ID token from the session cookie, or null when there is no valid session. A session the
 * installer logged out of offline is never resumed: its sign-out goes to the server first.
 */
export async function getToken(): Promise<string | null> {
  if (hasPendingSignOut() && !(await endPendingSignOut())) return null;
  try {
    const body = await apiRequest('/api/auth/token', {
      auth: false,
      credentials: 'include',
      signOutOnUnauthorized: false,
    });
    return readToken(body);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

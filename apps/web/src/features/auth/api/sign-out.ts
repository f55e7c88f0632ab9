import { apiRequest } from '@/lib/api-client';

/** Ends the server session (the cookie); the caller clears local state whatever the answer. */
export function signOut(): Promise<void> {
  return apiRequest('/api/auth/sign-out', {
    method: 'POST',
    body: {},
    auth: false,
    credentials: 'include',
    signOutOnUnauthorized: false,
  });
}

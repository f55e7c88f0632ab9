import type { SignInWithCode } from '@portal/domain/auth';
import { apiRequest } from '@/lib/api-client';
import { endPendingSignOut } from '../lib/pending-sign-out';

/** Exchanges the emailed code for the httpOnly session cookie. */
export async function signInWithCode(input: SignInWithCode): Promise<void> {
  // The previous session on this device ends before a new one starts.
  await endPendingSignOut();
  return apiRequest('/api/auth/sign-in/email-otp', {
    method: 'POST',
    body: input,
    auth: false,
    credentials: 'include',
    signOutOnUnauthorized: false,
  });
}

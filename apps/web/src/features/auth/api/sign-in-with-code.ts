import type { SignInWithCode } from '@portal/domain/auth';
import { apiRequest } from '@/lib/api-client';

/** Exchanges the emailed code for the httpOnly session cookie. */
export function signInWithCode(input: SignInWithCode): Promise<void> {
  return apiRequest('/api/auth/sign-in/email-otp', {
    method: 'POST',
    body: input,
    auth: false,
    credentials: 'include',
    signOutOnUnauthorized: false,
  });
}

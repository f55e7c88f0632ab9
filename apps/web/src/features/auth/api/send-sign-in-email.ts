import type { SendSignInEmail } from '@portal/domain/auth';
import { apiRequest } from '@/lib/api-client';
import { endPendingSignOut } from '../lib/pending-sign-out';

/** Sends one email holding both the 6-digit code and the sign-in link. */
export async function sendSignInEmail(input: SendSignInEmail): Promise<void> {
  // The previous session on this device ends before a new one starts.
  await endPendingSignOut();
  return apiRequest('/api/auth/email/send', { method: 'POST', body: input, auth: false, credentials: 'include' });
}

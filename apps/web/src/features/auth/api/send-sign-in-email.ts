import type { SendSignInEmail } from '@portal/domain/auth';
import { apiRequest } from '@/lib/api-client';

/** Sends one email holding both the 6-digit code and the sign-in link. */
export function sendSignInEmail(input: SendSignInEmail): Promise<void> {
  return apiRequest('/api/auth/email/send', { method: 'POST', body: input, auth: false, credentials: 'include' });
}

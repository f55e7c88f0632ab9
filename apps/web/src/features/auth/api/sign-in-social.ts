import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

const CALLBACK_URL = '/#/login/callback';
const SocialRedirectSchema = z.object({ url: z.string().min(1) });

/** Asks the server where to send the browser for the provider's sign-in page. */
export async function signInSocial(provider: SocialProvider): Promise<string> {
  const { url } = await apiRequest('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL: CALLBACK_URL, errorCallbackURL: CALLBACK_URL },
    schema: SocialRedirectSchema,
    auth: false,
    credentials: 'include',
    signOutOnUnauthorized: false,
  });
  return url;
}

export function useSignInSocial() {
  return useMutation({ mutationFn: signInSocial, meta: { errorModal: false } });
}

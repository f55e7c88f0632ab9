import { apiRequest } from '@/lib/api-client';

/** `oidc` is the company identity provider the operator configured (OIDC_ISSUER). */
export const SOCIAL_PROVIDERS = ['google', 'microsoft', 'oidc'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

const CALLBACK_URL = '/#/login/callback';

// Checked by hand: the login page loads no schema library.
function readRedirectUrl(body: unknown): string {
  const url = body !== null && typeof body === 'object' ? (body as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || url === '') throw new TypeError('The sign-in answer holds no address');
  return url;
}

/** Asks the server where to send the browser for the provider's sign-in page. */
export async function signInSocial(provider: SocialProvider): Promise<string> {
  const body = await apiRequest('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL: CALLBACK_URL, errorCallbackURL: CALLBACK_URL },
    auth: false,
    credentials: 'include',
    signOutOnUnauthorized: false,
  });
  return readRedirectUrl(body);
}

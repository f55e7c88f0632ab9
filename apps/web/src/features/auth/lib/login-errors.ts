import { isApiError } from '@/lib/api-error';

/** Every message the login page can show, as i18n keys (SPEC §8, login errors). */
export type LoginErrorKey =
  | 'auth.login.errors.sendFailed'
  | 'auth.login.errors.wrongAddress'
  | 'auth.login.errors.rateLimited'
  | 'auth.login.errors.undeliverable'
  | 'auth.login.errors.mailUnavailable'
  | 'auth.login.errors.googleFailed'
  | 'auth.login.errors.microsoftFailed'
  | 'auth.login.errors.oidcFailed'
  | 'auth.login.errors.linkFailed'
  | 'auth.login.errors.emailNotFound'
  | 'auth.login.errors.wrongCode'
  | 'auth.login.errors.codeExpired'
  | 'auth.login.errors.tooManyAttempts'
  | 'errors.loggingIn.text';

function codeOf(error: unknown): string | null {
  return isApiError(error) ? error.code : null;
}

function isRateLimited(error: unknown): boolean {
  return isApiError(error) && (error.status === 429 || error.code === 'RATE_LIMITED');
}

/** PUBLIC_URL, when the server refused a page opened at another address than it. */
export function publicUrlOf(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const details = error.details as { publicUrl?: unknown } | undefined;
  return typeof details?.publicUrl === 'string' ? details.publicUrl : null;
}

export function sendEmailErrorKey(error: unknown): LoginErrorKey {
  if (publicUrlOf(error)) return 'auth.login.errors.wrongAddress';
  if (isRateLimited(error)) return 'auth.login.errors.rateLimited';
  if (codeOf(error) === 'EMAIL_UNDELIVERABLE') return 'auth.login.errors.undeliverable';
  if (isApiError(error) && error.status === 503) return 'auth.login.errors.mailUnavailable';
  return 'auth.login.errors.sendFailed';
}

export function codeSignInErrorKey(error: unknown): LoginErrorKey {
  if (isRateLimited(error)) return 'auth.login.errors.rateLimited';
  switch (codeOf(error)) {
    case 'INVALID_CODE':
    case 'INVALID_OTP':
      return 'auth.login.errors.wrongCode';
    case 'CODE_EXPIRED':
    case 'OTP_EXPIRED':
      return 'auth.login.errors.codeExpired';
    case 'TOO_MANY_ATTEMPTS':
      return 'auth.login.errors.tooManyAttempts';
    default:
      return 'errors.loggingIn.text';
  }
}

export function socialErrorKey(provider: string | null): LoginErrorKey | null {
  if (provider === 'google') return 'auth.login.errors.googleFailed';
  if (provider === 'microsoft') return 'auth.login.errors.microsoftFailed';
  if (provider === 'oidc') return 'auth.login.errors.oidcFailed';
  return null;
}

/** The error a redirect back to #/login/callback reports, for the provider that was started (if any). */
export function callbackErrorKey(errorCode: string, provider: string | null): LoginErrorKey {
  const social = socialErrorKey(provider);
  if (social) return social;
  if (/EMAIL_NOT_FOUND|USER_NOT_FOUND|MISSING_EMAIL/i.test(errorCode)) return 'auth.login.errors.emailNotFound';
  return 'auth.login.errors.linkFailed';
}

import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { callbackErrorKey, codeSignInErrorKey, sendEmailErrorKey } from './login-errors';

const apiError = (status: number, code: string) => new ApiError({ status, code, message: code });

describe('login error messages', () => {
  it('maps sending failures', () => {
    expect(sendEmailErrorKey(apiError(429, 'RATE_LIMITED'))).toBe('auth.login.errors.rateLimited');
    expect(sendEmailErrorKey(apiError(400, 'VALIDATION_ERROR'))).toBe('auth.login.errors.sendFailed');
    expect(sendEmailErrorKey(new TypeError('offline'))).toBe('auth.login.errors.sendFailed');
    expect(sendEmailErrorKey(apiError(422, 'EMAIL_UNDELIVERABLE'))).toBe('auth.login.errors.undeliverable');
    expect(sendEmailErrorKey(apiError(503, 'SERVICE_UNAVAILABLE'))).toBe('auth.login.errors.mailUnavailable');
  });

  it('maps code sign-in failures', () => {
    expect(codeSignInErrorKey(apiError(400, 'INVALID_CODE'))).toBe('auth.login.errors.wrongCode');
    expect(codeSignInErrorKey(apiError(400, 'CODE_EXPIRED'))).toBe('auth.login.errors.codeExpired');
    expect(codeSignInErrorKey(apiError(403, 'TOO_MANY_ATTEMPTS'))).toBe('auth.login.errors.tooManyAttempts');
    expect(codeSignInErrorKey(apiError(429, 'RATE_LIMITED'))).toBe('auth.login.errors.rateLimited');
    expect(codeSignInErrorKey(apiError(500, 'INTERNAL_ERROR'))).toBe('errors.loggingIn.text');
  });

  it('maps redirect failures to the provider that was started', () => {
    expect(callbackErrorKey('access_denied', 'google')).toBe('auth.login.errors.googleFailed');
    expect(callbackErrorKey('access_denied', 'microsoft')).toBe('auth.login.errors.microsoftFailed');
    expect(callbackErrorKey('INVALID_TOKEN', null)).toBe('auth.login.errors.linkFailed');
    expect(callbackErrorKey('EMAIL_NOT_FOUND', null)).toBe('auth.login.errors.emailNotFound');
  });
});

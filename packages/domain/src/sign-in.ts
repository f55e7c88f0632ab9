import { SIGN_IN_CODE_LENGTH } from './constants';

// The sign-in rules without zod: the login page checks them before any schema library is loaded,
// and the schemas in auth.ts are built from the same constants.

export const EMAIL_MAX_LENGTH = 254;

/** local@host.tld: no leading or double dot in the local part, a dotted host, a top-level domain of letters. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const SIGN_IN_CODE_PATTERN = new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`);

/** Addresses are compared trimmed and in lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Codes are often pasted as "123 456" or "123-456": keep the digits only. */
export function normalizeSignInCode(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidSignInCode(value: string): boolean {
  return SIGN_IN_CODE_PATTERN.test(normalizeSignInCode(value));
}

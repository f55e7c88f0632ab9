import { describe, expect, it } from 'vitest';
import { EmailSchema, SignInWithCodeSchema } from './auth';
import { isValidEmail, isValidSignInCode, normalizeEmail, normalizeSignInCode } from './sign-in';

const addresses = [
  'ina@example.com',
  '  Ina.Installer+depot@Example.CO.uk ',
  "o'neil@fleet.example.de",
  'a@b.de',
  '',
  'ina',
  'ina@',
  '@example.com',
  'ina@example',
  'ina@@example.com',
  '.ina@example.com',
  'ina..installer@example.com',
  'ina.@example.com',
  'ina@-example.com',
  'ina@example.c',
  'ina @example.com',
  `${'a'.repeat(250)}@example.com`,
];

describe('sign-in rules without zod', () => {
  it('accept exactly the addresses the API schema accepts', () => {
    for (const address of addresses) {
      expect(isValidEmail(address), address).toBe(EmailSchema.safeParse(address).success);
    }
  });

  it('normalise addresses as the API does', () => {
    expect(normalizeEmail('  Ina@Example.COM ')).toBe(EmailSchema.parse('  Ina@Example.COM '));
  });

  it('accept a pasted code with spaces or a dash, as six digits', () => {
    expect(normalizeSignInCode(' 123 456 ')).toBe('123456');
    expect(isValidSignInCode('123-456')).toBe(true);
    expect(isValidSignInCode('12345')).toBe(false);
    expect(isValidSignInCode('1234567')).toBe(false);
    expect(SignInWithCodeSchema.shape.otp.safeParse(normalizeSignInCode('123 456')).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { verificationCodeOf } from './verify-page';

describe('verificationCodeOf', () => {
  it('takes the code from the address the QR code opens', () => {
    expect(verificationCodeOf('#/verify/AbCdEfGhIjKlMnOpQrStUv-_')).toBe('AbCdEfGhIjKlMnOpQrStUv-_');
    expect(verificationCodeOf('#/verify/abc?lang=de')).toBe('abc');
    expect(verificationCodeOf('#/sono')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { isOneOf, validationFieldErrors } from './field-errors';

const error = (code: string, details?: unknown) => new ApiError({ status: 400, code, message: code, details });

describe('validationFieldErrors', () => {
  it("names the form's fields of a VALIDATION_ERROR, without the body. prefix", () => {
    const details = [
      { path: 'body.email', message: 'invalidEmail' },
      { path: 'body.other', message: 'required' },
      { path: 'body.name' },
      null,
    ];
    expect(validationFieldErrors(error('VALIDATION_ERROR', details), ['name', 'email'])).toEqual([{ field: 'email', message: 'invalidEmail' }]);
  });

  it('gives none for any other answer', () => {
    expect(validationFieldErrors(error('VALIDATION_ERROR', { path: 'body.email' }), ['email'])).toEqual([]);
    expect(validationFieldErrors(error('CONFLICT', [{ path: 'body.email', message: 'invalidEmail' }]), ['email'])).toEqual([]);
  });
});

describe('isOneOf', () => {
  it('accepts only the listed strings', () => {
    const isColour = isOneOf(['red', 'blue']);
    expect(isColour('red')).toBe(true);
    expect(isColour('green')).toBe(false);
    expect(isColour(undefined)).toBe(false);
  });
});

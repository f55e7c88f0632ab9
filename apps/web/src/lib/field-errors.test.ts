import { describe, expect, it } from 'vitest';
import type { TFunction } from '@/lib/i18n';
import { ApiError } from './api-error';
import { fieldErrorText, isOneOf, validationFieldErrors } from './field-errors';

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

describe('fieldErrorText', () => {
  const t = ((key: string, options?: { field?: string }) => (options?.field ? `${key}(${options.field})` : key)) as unknown as TFunction;
  const own = (message: string) => (message === 'taken' ? 'own.taken' : undefined);

  it("words the domain's rules with the field's name, the form's own keys by the form, the rest as invalid", () => {
    expect(fieldErrorText(t, undefined, 'Name', own)).toBeUndefined();
    expect(fieldErrorText(t, 'required', 'Name', own)).toBe('solar.errors.formErrors.required(Name)');
    expect(fieldErrorText(t, 'tooLong', 'Name', own)).toBe('solar.errors.formErrors.tooLong(Name)');
    expect(fieldErrorText(t, 'taken', 'Name', own)).toBe('own.taken');
    expect(fieldErrorText(t, 'whatever', 'Name', own)).toBe('solar.errors.formErrors.invalid(Name)');
  });
});

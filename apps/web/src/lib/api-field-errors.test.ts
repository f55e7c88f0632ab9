import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { apiFieldErrors } from './api-field-errors';

const error = (code: string, details?: unknown) => new ApiError({ status: 400, code, message: code, details });
const rules = {
  codes: { NAME_TAKEN: { field: 'name', message: 'nameExists' } },
  fromDetail: ({ path, message }: Record<string, unknown>) =>
    typeof path === 'string' && typeof message === 'string' ? { field: path.replace(/^body\./, ''), message } : null,
};

describe('apiFieldErrors', () => {
  it('names the field of a refusal with a code of its own', () => {
    expect(apiFieldErrors(error('NAME_TAKEN'), rules)).toEqual([{ field: 'name', message: 'nameExists' }]);
  });

  it('reads the details of a validation error, leaving out those the form does not show', () => {
    const details = [{ path: 'body.email', message: 'invalidEmail' }, { path: 'body.name' }, null, 'text'];
    expect(apiFieldErrors(error('VALIDATION_ERROR', details), rules)).toEqual([{ field: 'email', message: 'invalidEmail' }]);
  });

  it('finds nothing in other errors, a validation error without details, or a code that is only an inherited name', () => {
    expect(apiFieldErrors(error('VERSION_CONFLICT'), rules)).toEqual([]);
    expect(apiFieldErrors(error('VALIDATION_ERROR'), rules)).toEqual([]);
    expect(apiFieldErrors(error('toString'), rules)).toEqual([]);
    expect(apiFieldErrors(new Error('boom'), rules)).toEqual([]);
  });
});

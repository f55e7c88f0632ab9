import type { TFunction } from '@/lib/i18n';
import type { ApiError } from './api-error';

/** A problem the server reported about one field of a form, as a message key. */
export type FieldError<F extends string> = { field: F; message: string };

/** A type guard for one of `values`, e.g. the fields of a form. */
export const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * The fields a 400 VALIDATION_ERROR names, with details `[{ path: 'body.email', message: 'invalidEmail' }]`;
 * only the form's `fields`, any other answer gives none.
 */
export function validationFieldErrors<F extends string>(error: ApiError, fields: readonly F[]): FieldError<F>[] {
  if (error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) return [];
  const isField = isOneOf(fields);
  return error.details.flatMap((detail: unknown) => {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    const field = typeof path === 'string' ? path.replace(/^body\./, '') : undefined;
    return isField(field) && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/**
 * The sentence for a field's problem in the current language: the domain's `required` and `tooLong`
 * name the field, `ownText` words the form's own keys (undefined for others), anything else says
 * the field is invalid.
 */
export function fieldErrorText(t: TFunction, message: string | undefined, name: string, ownText: (message: string) => string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === 'required') return t('solar.errors.formErrors.required', { field: name });
  if (message === 'tooLong') return t('solar.errors.formErrors.tooLong', { field: name });
  return ownText(message) ?? t('solar.errors.formErrors.invalid', { field: name });
}

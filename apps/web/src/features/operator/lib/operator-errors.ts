import type { TFunction } from '@/lib/i18n';
import { isApiError } from '@/lib/api-error';
import { fieldErrorText, isOneOf, validationFieldErrors, type FieldError } from '@/lib/field-errors';

/** Message keys of the operator forms' own: the domain's rules and the server's 'taken' answers. */
const KEYS = ['invalidEmail', 'invalidSlug', 'slugReserved', 'invalidShortName', 'invalidTimeZone', 'fleetExists', 'companyExists'] as const;

const isKey = isOneOf(KEYS);

/**
 * The problems the server reported about the form's fields: 409 FLEET_EXISTS / COMPANY_EXISTS
 * (details.field) and 400 VALIDATION_ERROR with details `[{ path: 'body.slug', message: 'invalidSlug' }]`.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldError<F>[] {
  if (!isApiError(error)) return [];
  if (error.code === 'FLEET_EXISTS' || error.code === 'COMPANY_EXISTS') {
    const field = (error.details as { field?: unknown } | undefined)?.field;
    return isOneOf(fields)(field) ? [{ field, message: error.code === 'FLEET_EXISTS' ? 'fleetExists' : 'companyExists' }] : [];
  }
  return validationFieldErrors(error, fields);
}

/**
 * The sentence for a field problem in the current language. `name` is the field's name as the
 * subject of a sentence, `uniqueName` as it reads in 'The fleet with this … is already in use'.
 */
export function operatorErrorText(t: TFunction, message: string | undefined, name: string, uniqueName = name): string | undefined {
  return fieldErrorText(t, message, name, (key) => (isKey(key) ? t(`operator.errors.${key}`, { field: uniqueName }) : undefined));
}

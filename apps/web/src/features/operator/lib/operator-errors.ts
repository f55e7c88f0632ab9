import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { isOneOf, validationFieldErrors, type FieldError } from '@/lib/field-errors';

/** Message keys a field of the operator forms can carry: the domain's rules and the server's 'taken' answers. */
const KEYS = ['required', 'tooLong', 'invalidEmail', 'invalidSlug', 'slugReserved', 'invalidShortName', 'fleetExists', 'companyExists'] as const;

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
  if (!message) return undefined;
  switch (isKey(message) ? message : null) {
    case 'required':
      return t('solar.errors.formErrors.required', { field: name });
    case 'tooLong':
      return t('solar.errors.formErrors.tooLong', { field: name });
    case 'invalidEmail':
      return t('operator.errors.invalidEmail');
    case 'invalidSlug':
      return t('operator.errors.invalidSlug');
    case 'slugReserved':
      return t('operator.errors.slugReserved');
    case 'invalidShortName':
      return t('operator.errors.invalidShortName');
    case 'fleetExists':
      return t('operator.errors.fleetExists', { field: uniqueName });
    case 'companyExists':
      return t('operator.errors.companyExists', { field: uniqueName });
    default:
      return t('solar.errors.formErrors.invalid', { field: name });
  }
}

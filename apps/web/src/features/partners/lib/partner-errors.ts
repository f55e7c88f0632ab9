import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { isOneOf, validationFieldErrors, type FieldError } from '@/lib/field-errors';

export type PartnerField = 'name' | 'email';

/** What can be wrong with a field: the domain's message keys and the server's two 'exists' codes. */
export type PartnerErrorKey = 'required' | 'tooLong' | 'invalidEmail' | 'nameExists' | 'emailExists';

const FIELDS: readonly PartnerField[] = ['name', 'email'];
const isKey = isOneOf<PartnerErrorKey>(['required', 'tooLong', 'invalidEmail', 'nameExists', 'emailExists']);

export type PartnerFieldError = FieldError<PartnerField>;

/**
 * The problems the server reported about a field: 409 PARTNER_NAME_EXISTS / PARTNER_EMAIL_EXISTS
 * (details.field) and 400 VALIDATION_ERROR with details `[{ path: 'body.email', message: 'invalidEmail' }]`.
 */
export function partnerFieldErrors(error: unknown): PartnerFieldError[] {
  if (!isApiError(error)) return [];
  if (error.code === 'PARTNER_NAME_EXISTS') return [{ field: 'name', message: 'nameExists' }];
  if (error.code === 'PARTNER_EMAIL_EXISTS') return [{ field: 'email', message: 'emailExists' }];
  return validationFieldErrors(error, FIELDS);
}

/** The sentence for a field problem in the current language. */
export function partnerErrorText(t: TFunction, message: string | undefined, field: PartnerField): string | undefined {
  if (!message) return undefined;
  const name = t(`partners.names.${field}`);
  switch (isKey(message) ? message : null) {
    case 'required':
      return t('solar.errors.formErrors.required', { field: name });
    case 'tooLong':
      return t('solar.errors.formErrors.tooLong', { field: name });
    case 'invalidEmail':
      return t('partners.errors.invalidEmail');
    case 'nameExists':
      return t('partners.errors.nameExists');
    case 'emailExists':
      return t('partners.errors.emailExists');
    default:
      return t('solar.errors.formErrors.invalid', { field: name });
  }
}

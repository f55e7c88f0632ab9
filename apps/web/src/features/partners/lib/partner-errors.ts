import type { TFunction } from '@/lib/i18n';
import { isApiError } from '@/lib/api-error';
import { fieldErrorText, isOneOf, validationFieldErrors, type FieldError } from '@/lib/field-errors';

export type PartnerField = 'name' | 'email';

/** What can be wrong with a field: the domain's message keys and the server's two 'exists' codes. */
export type PartnerErrorKey = 'required' | 'tooLong' | 'invalidEmail' | 'nameExists' | 'emailExists';

/** The keys worded by the partners' own texts; `required` and `tooLong` are the app's. */
type OwnErrorKey = Exclude<PartnerErrorKey, 'required' | 'tooLong'>;

const FIELDS: readonly PartnerField[] = ['name', 'email'];
const isKey = isOneOf<OwnErrorKey>(['invalidEmail', 'nameExists', 'emailExists']);

export type PartnerFieldError = FieldError<PartnerField>;

/** The server refused because a draft of a fleet the user is no member of shows the partner. */
export const isOtherFleetRefusal = (error: unknown) =>
  isApiError(error) && error.status === 403 && (error.details as { reason?: unknown } | undefined)?.reason === 'partnerInOtherFleet';

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
  return fieldErrorText(t, message, t(`partners.names.${field}`), (key) => (isKey(key) ? t(`partners.errors.${key}`) : undefined));
}

import type { TFunction } from 'i18next';
import { maxVehicleYear } from '@portal/domain/vehicle';
import type en from '@/locales/en.json';
import { isApiError } from '@/lib/api-error';

type FormErrorI18nKey = keyof typeof en.solar.errors.formErrors;
export type FieldNameKey = keyof typeof en.wizard.names;

/** The domain's message keys (FORM_ERRORS) and the server's serial checks said in the same words as their key. */
const SAME_NAME_KEYS = [
  ...['required', 'invalidNumber', 'negativeNumber', 'invalidYear', 'invalidVin', 'invalidDate', 'invalidCapacityUnit'],
  ...['invalidActiveChannels', 'pvModuleLimitExceeded', 'inspectionFailed', 'tooLong', 'systemNotFound', 'systemAlreadyInstalled'],
] as const satisfies readonly FormErrorI18nKey[];

const isSameNameKey = (message: string): message is (typeof SAME_NAME_KEYS)[number] => (SAME_NAME_KEYS as readonly string[]).includes(message);

/** The key of solar.errors.formErrors for a message; 'invalid' for one this form does not know. */
function messageKey(message: string): FormErrorI18nKey {
  if (message === 'confirmationRequired') return 'confirmed';
  return isSameNameKey(message) ? message : 'invalid';
}

/**
 * The sentence for a validation message of the domain, in the current language, naming the field.
 * `params` adds what a message needs beyond the field (the channel maximum, the PV module limit).
 */
export function translateFormError(
  t: TFunction,
  message: string | undefined,
  field: FieldNameKey,
  params: Record<string, string | number> = {},
): string | undefined {
  if (!message) return undefined;
  return t(`solar.errors.formErrors.${messageKey(message)}`, { field: t(`wizard.names.${field}`), validYear: maxVehicleYear(), ...params });
}

export type ServerFieldError = { field: string; message: string };

/**
 * Field problems the server reported for a save: zod details name `body.<field>`, the serial
 * checks come as their own codes. Anything else is not about a field.
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!isApiError(error)) return [];
  if (error.code === 'SYSTEM_NOT_FOUND') return [{ field: 'systemSerialNumber', message: 'systemNotFound' }];
  if (error.code === 'SYSTEM_ALREADY_INSTALLED') return [{ field: 'systemSerialNumber', message: 'systemAlreadyInstalled' }];
  if (error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) return [];
  return error.details.flatMap((detail: unknown) => {
    const d = (detail ?? {}) as { path?: unknown; message?: unknown; index?: unknown; field?: unknown };
    if (typeof d.message !== 'string') return [];
    if (typeof d.index === 'number' && typeof d.field === 'string') {
      return [{ field: d.index < 0 ? d.field : `controllers.${d.index}.${d.field}`, message: d.message }];
    }
    if (typeof d.path === 'string' && d.path.startsWith('body.')) return [{ field: d.path.slice('body.'.length), message: d.message }];
    return [];
  });
}

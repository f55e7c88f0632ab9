import type { TFunction } from '@/lib/i18n';
import { maxVehicleYear } from '@portal/domain/vehicle-rules';
import type en from '@/locales/en.json';
import { apiFieldErrors, type ApiFieldError } from '@/lib/api-field-errors';

type FormErrorI18nKey = keyof typeof en.solar.errors.formErrors;
export type FieldNameKey = keyof typeof en.wizard.names;

/** The domain's message keys (FORM_ERRORS) and the server's serial checks said in the same words as their key. */
const SAME_NAME_KEYS = [
  ...['required', 'invalidNumber', 'negativeNumber', 'invalidYear', 'invalidVin', 'invalidDate', 'invalidCapacityUnit'],
  ...['invalidActiveChannels', 'pvModuleLimitExceeded', 'inspectionFailed', 'tooShort', 'tooLong', 'systemNotFound', 'systemAlreadyInstalled'],
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

export type ServerFieldError = ApiFieldError;

/** The serial checks of a new installation come as codes of their own. */
const SERIAL_ERRORS = {
  SYSTEM_NOT_FOUND: { field: 'systemSerialNumber', message: 'systemNotFound' },
  SYSTEM_ALREADY_INSTALLED: { field: 'systemSerialNumber', message: 'systemAlreadyInstalled' },
};

/**
 * Field problems the server reported for a save: zod details name `body.<field>`, the setup's own
 * checks a controller row (`index`, -1 for the whole system) and its field, the serial checks come
 * as their own codes. Anything else is not about a field.
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  return apiFieldErrors(error, {
    codes: SERIAL_ERRORS,
    fromDetail: ({ path, message, index, field }) => {
      if (typeof message !== 'string') return null;
      if (typeof index === 'number' && typeof field === 'string') return { field: index < 0 ? field : `controllers.${index}.${field}`, message };
      if (typeof path === 'string' && path.startsWith('body.')) return { field: path.slice('body.'.length), message };
      return null;
    },
  });
}

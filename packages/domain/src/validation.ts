/**
 * Validation messages are keys, not sentences: the web app translates them
 * (`solar.errors.formErrors.<key>`), the API returns them in `details`.
 */
export const FORM_ERRORS = {
  required: 'required',
  invalidNumber: 'invalidNumber',
  /** A count or reading that cannot be below zero (mileage). */
  negativeNumber: 'negativeNumber',
  invalidYear: 'invalidYear',
  invalidVin: 'invalidVin',
  invalidDate: 'invalidDate',
  invalidCapacityUnit: 'invalidCapacityUnit',
  confirmationRequired: 'confirmationRequired',
  invalidActiveChannels: 'invalidActiveChannels',
  pvModuleLimitExceeded: 'pvModuleLimitExceeded',
  inspectionFailed: 'inspectionFailed',
  tooShort: 'tooShort',
  tooLong: 'tooLong',
  invalidEmail: 'invalidEmail',
  /** NUL or a lone UTF-16 surrogate (see text.ts). */
  invalidCharacters: 'invalidCharacters',
} as const;
export type FormErrorKey = keyof typeof FORM_ERRORS;

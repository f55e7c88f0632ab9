import { z } from 'zod';

/** Every failure the API reports, with its HTTP status. The client maps codes to i18n keys. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  INVALID_LINK: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOO_MANY_ATTEMPTS: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  /** The serial number is not in the registry of any fleet the user may open. */
  SYSTEM_NOT_FOUND: 404,
  /** The serial number belongs to another of the user's fleets than the one the request names. */
  SYSTEM_IN_OTHER_FLEET: 409,
  /** The system already has an installation. */
  SYSTEM_ALREADY_INSTALLED: 409,
  /** A completed installation is read-only. */
  INSTALLATION_COMPLETED: 409,
  /** Only a completed installation has a report and can be reopened. */
  INSTALLATION_NOT_COMPLETED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The mail server refused the address for good (e.g. no such mailbox). */
  EMAIL_UNDELIVERABLE: 422,
  /** The bytes are not what the name says, or could run as script. */
  UNSUPPORTED_FILE_TYPE: 415,
  /** An image whose declared dimensions would flood memory when decoded. */
  IMAGE_TOO_LARGE: 422,
  /** The file could not be checked within the inspection's time or memory budget (or is too malformed to read). */
  FILE_NOT_INSPECTABLE: 422,
  /** A slot holds at most 10 files. */
  MAX_FILES: 409,
  PARTNER_NAME_EXISTS: 409,
  PARTNER_EMAIL_EXISTS: 409,
  /** A fleet with this slug or name exists (details.field). */
  FLEET_EXISTS: 409,
  /** An installer company with this name or short name exists (details.field). */
  COMPANY_EXISTS: 409,
  /** A fleet must keep at least one admin. */
  LAST_ADMIN: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A path parameter longer than the router accepts. */
  URI_TOO_LONG: 414,
  /** The request line or headers are longer than the server reads (the address over 16 KB, say). */
  HEADERS_TOO_LARGE: 431,
  /** The request could not be read in time. */
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const ErrorEnvelopeSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export { UNKNOWN_ERROR_CODE } from './constants';

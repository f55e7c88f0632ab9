import { UNKNOWN_ERROR_CODE } from '@portal/domain/constants';
import { i18n } from './i18n';

const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** The one shape every failed call takes in the app (SPEC §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  /** No answer arrived at all (offline, server unreachable): the request may be retried as it was. */
  readonly isNetworkError: boolean;

  constructor({
    status,
    code,
    message,
    details,
    isNetworkError = false,
  }: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    isNetworkError?: boolean;
  }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.isNetworkError = isNetworkError;
  }

  /**
   * The service could not be reached: no answer at all, a gateway in front of it without one, or
   * the server saying its database is away (503 SERVICE_UNAVAILABLE). Trying again shortly helps.
   */
  get isServiceUnavailable(): boolean {
    return this.isNetworkError || this.code === 'SERVICE_UNAVAILABLE' || UNAVAILABLE_STATUSES.has(this.status);
  }

  toJSON() {
    return { status: this.status, code: this.code, message: this.message, details: this.details };
  }
}

const DEFAULT_STATUS = 500;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function somethingWentWrong() {
  return i18n.t('errors.somethingWentWrong');
}

/** A response arrived but was not a success: prefer the envelope, then the transport, then defaults. */
export function errorFromResponse(response: { status?: number; statusText?: string }, body: unknown): ApiError {
  const envelope = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const status =
    typeof envelope.status === 'number' && envelope.status > 0
      ? envelope.status
      : response.status && response.status > 0
        ? response.status
        : DEFAULT_STATUS;
  return new ApiError({
    status,
    code: nonEmptyString(envelope.code) ?? UNKNOWN_ERROR_CODE,
    message: nonEmptyString(envelope.message) ?? nonEmptyString(response.statusText) ?? somethingWentWrong(),
    details: envelope.details,
  });
}

/** No response at all (offline, DNS, CORS, server down): the transport's own message, if any. */
export function errorFromTransport(cause: unknown): ApiError {
  const message = cause instanceof Error ? nonEmptyString(cause.message) : nonEmptyString(cause);
  return new ApiError({ status: DEFAULT_STATUS, code: UNKNOWN_ERROR_CODE, message: message ?? somethingWentWrong(), isNetworkError: true });
}

/** Anything else thrown on the way (a bug, a response of the wrong shape) is reported without its internals. */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ status: DEFAULT_STATUS, code: UNKNOWN_ERROR_CODE, message: i18n.t('errors.unexpected') });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

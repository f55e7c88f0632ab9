import { isApiError } from './api-error';

export type ApiFieldError<F extends string = string> = { field: F; message: string };

type FieldErrorRules<F extends string> = {
  /** Refusals with a code of their own that concern one field, e.g. `SYSTEM_NOT_FOUND`. */
  codes: Partial<Record<string, ApiFieldError<F>>>;
  /** The field problem one detail of a 400 VALIDATION_ERROR names, or null for one the form does not show. */
  fromDetail: (detail: Record<string, unknown>) => ApiFieldError<F> | null;
};

/**
 * The field problems a refused request reported: a code of its own that names a field, or the
 * details of a VALIDATION_ERROR. Anything else is not about a field.
 */
export function apiFieldErrors<F extends string>(error: unknown, { codes, fromDetail }: FieldErrorRules<F>): ApiFieldError<F>[] {
  if (!isApiError(error)) return [];
  const known = Object.hasOwn(codes, error.code) ? codes[error.code] : undefined;
  if (known) return [known];
  if (error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) return [];
  return error.details.flatMap((detail: unknown) => {
    const found = fromDetail((detail ?? {}) as Record<string, unknown>);
    return found ? [found] : [];
  });
}

import { z } from 'zod';
import { FORM_ERRORS as E } from './validation';

/** Row ids are PostgreSQL `integer`s: anything above this can't name a row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a path, e.g. `/api/installations/{id}`. */
export const RowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

export const IdParamsSchema = z.object({ id: RowIdSchema });

/** Whether a path segment names a possible row id (the web app's routes check before asking). */
export const isRowId = (segment: string): boolean => IdParamsSchema.safeParse({ id: segment }).success && /^\d+$/.test(segment);

/** Optimistic concurrency: every write names the version it was based on (part of each write's schema). */
export const VersionSchema = z.number({ error: E.required }).int().min(0);

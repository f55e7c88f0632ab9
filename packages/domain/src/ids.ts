import { z } from 'zod';
import { MAX_ROW_ID } from './row-id';
import { FORM_ERRORS as E } from './validation';

export * from './row-id';

/** A row id in a path, e.g. `/api/installations/{id}`. */
export const RowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

export const IdParamsSchema = z.object({ id: RowIdSchema });

/** Optimistic concurrency: every write names the version it was based on (part of each write's schema). */
export const VersionSchema = z.number({ error: E.required }).int().min(0);

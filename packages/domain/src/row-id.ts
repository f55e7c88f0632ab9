// Plain TypeScript, no schema library: the web app's routes check an address's id with it before
// (or without) loading the schemas. The server's RowIdSchema (./ids) reads the same ids.

/** Row ids are PostgreSQL `integer`s: anything above this can't name a row. */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether a path segment names a possible row id (the web app's routes check before asking): digits only, 1 to MAX_ROW_ID. */
export const isRowId = (segment: string): boolean => /^\d+$/.test(segment) && Number(segment) >= 1 && Number(segment) <= MAX_ROW_ID;

import { queryOptions, type QueryMeta } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

/** What belongs to an installation and is read on its own: its address and its query key share the name. */
type InstallationPart = 'summary' | 'uploads' | 'systemChecks' | 'history';

type PartQueryOptions = { staleTime?: number; gcTime?: number; meta?: QueryMeta };

/**
 * The query of one part of an installation (`/api/installations/<id>/<part>`), its answer checked
 * against `schema` where one is given (development builds and tests; see RequestOptions.schema).
 */
export function installationPartQueryOptions<T>(id: number, part: InstallationPart, schema: z.ZodType<T> | undefined, options: PartQueryOptions = {}) {
  return queryOptions({
    queryKey: installationKeys[part](id),
    queryFn: ({ signal }) => apiRequest(`/api/installations/${id}/${part}`, { schema, signal }),
    ...options,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { CarryOverSchema, type CarryOver, type CarryOverQuery } from '@portal/domain/carry-over';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

export function getCarryOver(fleet: string, query: CarryOverQuery, { signal }: { signal?: AbortSignal } = {}): Promise<CarryOver> {
  const params = new URLSearchParams();
  if (query.for !== undefined) params.set('for', String(query.for));
  if (query.from !== undefined) params.set('from', String(query.from));
  const search = params.size > 0 ? `?${params}` : '';
  return apiRequest(`/api/fleets/${encodeURIComponent(fleet)}/installations/carry-over${search}`, { schema: import.meta.env.DEV ? CarryOverSchema : undefined, signal });
}

export const getCarryOverQueryOptions = (fleet: string, query: { for?: number; from?: number }) =>
  queryOptions({
    queryKey: installationKeys.carryOver(fleet, query),
    queryFn: ({ signal }) => getCarryOver(fleet, query, { signal }),
    // A help, not a need: without it the installer types as before.
    meta: { errorModal: false },
    retry: false,
  });

/** What the installation `forId` (none yet: a new one) can take over in its fleet. */
export function useCarryOver(fleet: string, forId: number | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  // A new installation's answer names it after the fleet's newest: asked again each time the tab opens, however
  // fresh the kept one is, since the installer may have recorded a bus a moment ago (the tab waits for it online).
  return useQuery({ ...getCarryOverQueryOptions(fleet, forId === undefined ? {} : { for: forId }), enabled, ...(forId === undefined ? { refetchOnMount: 'always' as const } : {}) });
}

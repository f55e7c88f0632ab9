import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isSameSerialNumber } from '@portal/domain/system-rules';
import type { FleetSerials } from '@portal/domain/fleet';
import { apiRequest } from '@/lib/api-client';
import { fleetKeys } from '@/lib/query-keys';

export const fleetSerialsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: fleetKeys.serials(slug),
    queryFn: ({ signal }) => apiRequest<FleetSerials>(`/api/fleets/${encodeURIComponent(slug)}/serials`, { signal }),
    staleTime: 5 * 60_000,
    meta: { errorModal: false },
  });

/**
 * Online, the device keeps the fleet's serial numbers without an installation (in the query copy of
 * lib/query-persistence): offline, a new installation of one of them can then be started.
 */
export function keepFleetSerials(queryClient: QueryClient, slug: string): void {
  if (navigator.onLine === false) return;
  void queryClient.prefetchQuery(fleetSerialsQueryOptions(slug));
}

/** Whether this device has seen the serial number among the fleet's registry rows. */
export function isSerialSeen(queryClient: QueryClient, slug: string, serial: string): boolean {
  const seen = queryClient.getQueryData<FleetSerials>(fleetKeys.serials(slug))?.serials ?? [];
  return seen.some((known) => isSameSerialNumber(known, serial));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { OperatorFleetListSchema, type OperatorFleet } from '@portal/domain/operator';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from '@/lib/query-keys';

/** Every fleet of the portal with its customer and admins. */
export function getOperatorFleets({ signal }: { signal?: AbortSignal } = {}): Promise<OperatorFleet[]> {
  return apiRequest('/api/operator/fleets', { schema: OperatorFleetListSchema, signal });
}

export const getOperatorFleetsQueryOptions = () => queryOptions({ queryKey: operatorKeys.fleets, queryFn: ({ signal }) => getOperatorFleets({ signal }) });

export function useOperatorFleets() {
  return useQuery(getOperatorFleetsQueryOptions());
}

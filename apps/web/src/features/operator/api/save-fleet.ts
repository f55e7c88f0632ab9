import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OperatorFleetSchema, type FleetInput, type OperatorFleet } from '@portal/domain/operator';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from '@/lib/query-keys';

/** Creates a fleet (id null) or changes one; 409 FLEET_EXISTS names the taken field. */
export function saveFleet({ id, input }: { id: number | null; input: FleetInput }): Promise<OperatorFleet> {
  return id === null
    ? apiRequest('/api/operator/fleets', { method: 'POST', body: input, schema: OperatorFleetSchema })
    : apiRequest(`/api/operator/fleets/${id}`, { method: 'PUT', body: input, schema: OperatorFleetSchema });
}

export function useSaveFleet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveFleet, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}

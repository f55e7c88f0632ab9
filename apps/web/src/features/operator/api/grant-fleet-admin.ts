import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OperatorFleetSchema, type GrantFleet, type OperatorFleet } from '@portal/domain/operator';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from '@/lib/query-keys';

/** Makes a person (an account is made for a new address) an admin of the fleet, optionally joining a company. */
export function grantFleetAdmin({ fleetId, input }: { fleetId: number; input: GrantFleet }): Promise<OperatorFleet> {
  return apiRequest(`/api/operator/fleets/${fleetId}/members`, { method: 'POST', body: { ...input, role: 'admin' }, schema: OperatorFleetSchema });
}

export function useGrantFleetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: grantFleetAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}

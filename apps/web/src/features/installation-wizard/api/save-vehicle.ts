import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstallationSchema, type Installation } from '@portal/domain/installation';
import type { VehicleInput } from '@portal/domain/vehicle';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, storeSavedInstallation, type WriteOptions } from './save-options';

/** Mileage always travels in km. */
export type SaveVehicleBody = VehicleInput & { version: number };

export function saveVehicle(id: number, body: SaveVehicleBody, options: WriteOptions): Promise<Installation> {
  return apiRequest(`/api/installations/${id}/vehicle`, { method: 'POST', body, schema: InstallationSchema, headers: idempotencyHeaders(options) });
}

export function useSaveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, ...options }: { id: number; body: SaveVehicleBody } & WriteOptions) => saveVehicle(id, body, options),
    onSuccess: (installation) => storeSavedInstallation(queryClient, installation),
    meta: { errorModal: false },
  });
}

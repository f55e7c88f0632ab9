import { InstallationSchema, type Installation } from '@portal/domain/installation';
import type { SaveVehicle } from '@portal/domain/vehicle';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, type WriteOptions } from './save-options';

/** Mileage always travels in km. */
export type SaveVehicleBody = SaveVehicle;

export function saveVehicle(id: number, body: SaveVehicleBody, options: WriteOptions): Promise<Installation> {
  return apiRequest(`/api/installations/${id}/vehicle`, { method: 'POST', body, schema: import.meta.env.DEV ? InstallationSchema : undefined, headers: idempotencyHeaders(options) });
}

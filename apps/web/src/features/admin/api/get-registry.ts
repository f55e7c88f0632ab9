import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CONTROLLER_TYPES } from '@portal/domain/system';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

export const RegistrySystemSchema = z.object({
  serialNumber: z.string(),
  pvModuleCount: z.number().int(),
  pvModuleVersion: z.string(),
  installedCapacity: z.number().int(),
  controllerQuantity: z.number().int(),
  chargeControllers: z.array(z.object({ serialNumber: z.string(), type: z.enum(CONTROLLER_TYPES), hardwareVersion: z.string(), firmwareVersion: z.string() })),
  telematics: z.array(z.object({ unit: z.string(), imei: z.string(), iccid: z.string() })),
});
export type RegistrySystem = z.infer<typeof RegistrySystemSchema>;

const RegistryListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(RegistrySystemSchema),
});
export type RegistryList = z.infer<typeof RegistryListSchema>;

export type RegistryParams = { page: number; pageSize: number; q: string };

/** One page of the fleet's product registry, searched by serial number on the server. */
export function getRegistry(fleet: string, { page, pageSize, q }: RegistryParams, { signal }: { signal?: AbortSignal } = {}): Promise<RegistryList> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q.trim()) search.set('q', q.trim());
  return apiRequest(`/api/admin/${encodeURIComponent(fleet)}/systems?${search.toString()}`, { schema: RegistryListSchema, signal });
}

export const getRegistryQueryOptions = (fleet: string, params: RegistryParams) =>
  queryOptions({
    queryKey: [...adminKeys.systems(fleet), params],
    queryFn: ({ signal }) => getRegistry(fleet, params, { signal }),
    // The next page or search keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useRegistry(fleet: string, params: RegistryParams) {
  return useQuery(getRegistryQueryOptions(fleet, params));
}

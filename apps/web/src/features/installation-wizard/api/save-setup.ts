import { InstallationSchema, type Installation } from '@portal/domain/installation';
import type { InstallationSetup } from '@portal/domain/setup';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, type WriteOptions } from './save-options';

/** Every controller at once; 400 details name `{index, field, message}` (index -1: the whole system). */
export function saveSetup(id: number, body: InstallationSetup, options: WriteOptions): Promise<Installation> {
  return apiRequest(`/api/installations/${id}/setup`, { method: 'PUT', body, schema: import.meta.env.DEV ? InstallationSchema : undefined, headers: idempotencyHeaders(options) });
}

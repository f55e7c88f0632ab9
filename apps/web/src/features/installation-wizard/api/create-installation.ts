import { InstallationSchema, type CreateInstallation, type Installation } from '@portal/domain/installation';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, type WriteOptions } from './save-options';

/** The first save of the general tab. 404 SYSTEM_NOT_FOUND and 409 SYSTEM_ALREADY_INSTALLED concern the serial number. */
export function createInstallation(body: CreateInstallation, options: WriteOptions): Promise<Installation> {
  return apiRequest('/api/installations', { method: 'POST', body, schema: import.meta.env.DEV ? InstallationSchema : undefined, headers: idempotencyHeaders(options) });
}

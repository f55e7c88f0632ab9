import type { z } from 'zod';
import { DeletedUploadsSchema, type DeleteUploadsSchema } from '@portal/domain/upload';
import { apiRequest } from '@/lib/api-client';

/** Deletes uploads of a draft by id; answers the ids that were deleted. */
export async function deleteUploads(installationId: number, body: z.input<typeof DeleteUploadsSchema>): Promise<number[]> {
  const { deleted } = await apiRequest(`/api/installations/${installationId}/uploads`, { method: 'DELETE', body, schema: import.meta.env.DEV ? DeletedUploadsSchema : undefined });
  return deleted;
}

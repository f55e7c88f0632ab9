import { z } from 'zod';
import type { DeleteUploadsSchema } from '@portal/domain/upload';
import { apiRequest } from '@/lib/api-client';

const DeletedUploadsSchema = z.object({ deleted: z.array(z.number().int()) });

/** Deletes uploads of a draft by id; answers the ids that were deleted. */
export async function deleteUploads(installationId: number, body: z.input<typeof DeleteUploadsSchema>): Promise<number[]> {
  const { deleted } = await apiRequest(`/api/installations/${installationId}/uploads`, { method: 'DELETE', body, schema: DeletedUploadsSchema });
  return deleted;
}

import { UploadListSchema, type NewUpload, type Upload } from '@portal/domain/upload';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, type WriteOptions } from './save-options';

/**
 * Stores new uploads. The wizard sends one file per request (the route takes at most 36 MB), each
 * with its own idempotency key, reused when the same file is sent again. A file already in its
 * slot is answered with the stored upload instead of a copy.
 * Refusals: 415 UNSUPPORTED_FILE_TYPE, 413 PAYLOAD_TOO_LARGE, 422 IMAGE_TOO_LARGE, 409 MAX_FILES,
 * 409 INSTALLATION_COMPLETED.
 */
export function saveUploads(installationId: number, uploads: NewUpload[], options: WriteOptions): Promise<Upload[]> {
  return apiRequest(`/api/installations/${installationId}/uploads`, {
    method: 'POST',
    body: uploads,
    schema: import.meta.env.DEV ? UploadListSchema : undefined,
    headers: idempotencyHeaders(options),
  });
}

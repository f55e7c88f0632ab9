import { UploadListSchema, type NewUpload, type Upload } from '@portal/domain/upload';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, type WriteOptions } from './save-options';

/**
 * Stores new uploads. The wizard sends one file per request (the route takes at most 36 MB), each
 * with its own idempotency key, reused when the same file is sent again. A file already in its
 * slot is answered with the stored upload instead of a copy. The answer leaves out the files' bytes
 * (`Prefer: return=minimal`).
 * Refusals: 415 UNSUPPORTED_FILE_TYPE, 413 PAYLOAD_TOO_LARGE, 422 IMAGE_TOO_LARGE, 409 MAX_FILES,
 * 409 INSTALLATION_COMPLETED.
 */
export function saveUploads(installationId: number, uploads: NewUpload[], options: WriteOptions): Promise<Upload[]> {
  return apiRequest(`/api/installations/${installationId}/uploads`, {
    method: 'POST',
    body: uploads,
    schema: import.meta.env.DEV ? UploadListSchema : undefined,
    // The answer without the files' bytes: the app has them already, and on mobile data they would come back in full.
    headers: { ...idempotencyHeaders(options), prefer: 'return=minimal' },
  });
}

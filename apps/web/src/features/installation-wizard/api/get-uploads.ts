import { queryOptions, useQuery } from '@tanstack/react-query';
import { UploadListSchema, type Upload } from '@portal/domain/upload';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

/** The uploads of an installation, without their bytes (each has a `url` to fetch them). */
export function getUploads(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Upload[]> {
  return apiRequest(`/api/installations/${id}/uploads`, { schema: UploadListSchema, signal });
}

export const getUploadsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: installationKeys.uploads(id),
    queryFn: ({ signal }) => getUploads(id, { signal }),
    // The tab shows its own message with a retry button.
    meta: { errorModal: false },
  });

export function useUploads(id: number) {
  return useQuery(getUploadsQueryOptions(id));
}

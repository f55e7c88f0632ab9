import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { uploadFileKeys } from '@/lib/query-keys';

/**
 * The bytes of one saved upload. Fetched with the Bearer token like every call, never by putting
 * the token into an address: thumbnails, preview and download use an object URL of this Blob.
 */
export function getUploadFile(url: string, { signal }: { signal?: AbortSignal } = {}): Promise<Blob> {
  return apiRequest<Blob>(url, { responseType: 'blob', signal });
}

export const getUploadFileQueryOptions = (url: string) =>
  queryOptions({
    queryKey: uploadFileKeys.file(url),
    queryFn: ({ signal }) => getUploadFile(url, { signal }),
    // A saved file never changes (a new version is a new upload).
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    meta: { errorModal: false },
  });

export function useUploadFile(url: string | null) {
  return useQuery({ ...getUploadFileQueryOptions(url ?? ''), enabled: url !== null });
}

import { useQuery } from '@tanstack/react-query';
import { UploadListSchema } from '@portal/domain/upload';
import { installationPartQueryOptions } from './installation-part';

/**
 * The uploads of an installation, without their bytes (each has a `url` to fetch them). The tab
 * shows its own message with a retry button.
 */
export const getUploadsQueryOptions = (id: number) => installationPartQueryOptions(id, 'uploads', import.meta.env.DEV ? UploadListSchema : undefined, { meta: { errorModal: false } });

export function useUploads(id: number) {
  return useQuery(getUploadsQueryOptions(id));
}

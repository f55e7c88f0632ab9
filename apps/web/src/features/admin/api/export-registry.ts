import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isAccessLost, refreshAccess } from './admin-query-keys';

/** The fleet's registry as CSV text, in the import format. */
export function exportRegistry(fleet: string): Promise<string> {
  return apiRequest<string>(`/api/admin/${encodeURIComponent(fleet)}/systems/export`).then((body) => body ?? '');
}

export function registryFileName(fleet: string): string {
  return `registry-${fleet}.csv`;
}

export function useExportRegistry(fleet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => exportRegistry(fleet),
    onError: (error) => {
      if (isAccessLost(error)) return refreshAccess(queryClient, fleet);
    },
  });
}

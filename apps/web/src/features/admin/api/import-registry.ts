import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportReportSchema, type ImportReport } from '@portal/domain/registry';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { adminKeys } from '@/lib/query-keys';
import { isAccessLost, refreshAccess } from './admin-query-keys';

/**
 * Sends the CSV text as `text/csv`. A dry run only reports; a real import takes all rows or none and
 * answers 422 UNPROCESSABLE with the same report in `details` when the file has problems.
 */
export function importRegistry(fleet: string, csv: string, dryRun: boolean): Promise<ImportReport> {
  return apiRequest(`/api/admin/${encodeURIComponent(fleet)}/systems/import?dryRun=${dryRun}`, {
    method: 'POST',
    body: new Blob([csv], { type: 'text/csv' }),
    schema: ImportReportSchema,
  });
}

/** The report a refused import carries, if the failure is one. */
export function reportOfRefusedImport(error: unknown): ImportReport | null {
  if (!isApiError(error) || error.code !== 'UNPROCESSABLE') return null;
  const parsed = ImportReportSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

export function useImportRegistry(fleet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importRegistry(fleet, csv, dryRun),
    onSuccess: (report) => {
      if (report.imported) return queryClient.invalidateQueries({ queryKey: adminKeys.systems(fleet) });
    },
    onError: (error) => {
      if (isAccessLost(error)) return refreshAccess(queryClient, fleet);
    },
  });
}

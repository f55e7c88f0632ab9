import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import { listFilterQuery, type InstallationListParams } from '@portal/domain/installation-list';

export type ExportFormat = 'csv' | 'xlsx';

/** Downloads the fleet's installations with the list's search and filters (every page) as CSV or Excel. */
export async function exportInstallations(fleet: string, params: InstallationListParams, format: ExportFormat): Promise<void> {
  const file = await apiRequest<Blob>(`/api/installations/export.${format}?${listFilterQuery(fleet, params).toString()}`, { responseType: 'blob' });
  saveBlob(`installations-${fleet}.${format}`, file);
}

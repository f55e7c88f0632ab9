import type { Locale } from '@portal/domain/constants';
import { apiRequest } from './api-client';
import { saveBlob } from './save-file';

/**
 * Downloads the report of a completed installation in the user's language. The summary screen and
 * the installations table both offer it.
 */
export async function downloadReport(id: number, serialNumber: string, locale: Locale): Promise<void> {
  const pdf = await apiRequest<Blob>(`/api/installations/${id}/report.pdf?lang=${locale}`, { responseType: 'blob' });
  saveBlob(`report-${serialNumber}.pdf`, pdf);
}

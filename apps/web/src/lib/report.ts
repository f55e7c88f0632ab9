import type { Locale } from '@portal/domain/constants';
import { apiRequest } from './api-client';
import { saveBlob } from './save-file';

/**
 * Downloads the report of a completed installation in the user's language, named in that language
 * (`fileName` is the word for "report": report-SN-….pdf, Bericht-SN-….pdf). The summary screen and
 * the installations table both offer it.
 */
export async function downloadReport(id: number, serialNumber: string, locale: Locale, fileName: string): Promise<void> {
  const pdf = await apiRequest<Blob>(`/api/installations/${id}/report.pdf?lang=${locale}`, { responseType: 'blob' });
  saveBlob(`${fileName}-${serialNumber}.pdf`, pdf);
}

import { apiRequest } from '@/lib/api-client';

/** The fleet's installation history between two days (both included) as CSV text. */
export function exportHistory(fleet: string, from: string, to: string): Promise<string> {
  const query = new URLSearchParams({ from, to });
  return apiRequest<string>(`/api/admin/${encodeURIComponent(fleet)}/history.csv?${query.toString()}`).then((body) => body ?? '');
}

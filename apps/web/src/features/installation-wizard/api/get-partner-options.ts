import { useQuery } from '@tanstack/react-query';
import type { Partner } from '@portal/domain/partner';
import { getPartnersQueryOptions } from '@/lib/partners-query';

export type PartnerOption = { value: string; label: string };

/** What the partner choice shows of each partner. */
export function toPartnerOptions(partners: Partner[]): PartnerOption[] {
  return partners.map((p) => ({ value: String(p.id), label: `${p.name} (${p.email})` }));
}

/** The company's partners an installation can be assigned to, read from the partners screen's query. */
export function usePartnerOptions() {
  return useQuery({ ...getPartnersQueryOptions(), staleTime: 60_000, meta: { errorModal: false }, select: toPartnerOptions });
}

import { useQuery } from '@tanstack/react-query';
import { getPartnersQueryOptions } from '@/lib/partners-query';

export function usePartners() {
  return useQuery(getPartnersQueryOptions());
}

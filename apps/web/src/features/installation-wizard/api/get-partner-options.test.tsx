import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { Partner } from '@portal/domain/partner';
import { usePartners } from '@/features/partners/api/get-partners';
import { partnerKeys } from '@/lib/query-keys';
import { usePartnerOptions } from './get-partner-options';

const roofTeam: Partner = { id: 5, name: 'Roof Team', email: 'roof@team.example', installationCount: 2 };

describe('the partner choice of the wizard', () => {
  it("reads the partners screen's list: one cache entry, no second request, options derived from it", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(partnerKeys.all, [roofTeam]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ options: usePartnerOptions(), partners: usePartners() }), { wrapper });
    await waitFor(() => expect(result.current.options.data).toEqual([{ value: '5', label: 'Roof Team (roof@team.example)' }]));
    expect(result.current.partners.data).toEqual([roofTeam]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().findAll({ queryKey: partnerKeys.all })).toHaveLength(1);
    fetchSpy.mockRestore();
  });
});

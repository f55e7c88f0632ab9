import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OperatorRolloutListSchema, RolloutSchema, RolloutSettingsSchema, type RolloutSettings } from '@portal/domain/rollout';
import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import { rolloutQuery, type RolloutParams } from '../lib/rollout-params';

/** Where a rollout is read: the fleet's own (members) or the operator's read-only view. */
export type RolloutSource = 'fleet' | 'operator';

const base = (slug: string, source: RolloutSource) =>
  source === 'operator' ? `/api/operator/fleets/${encodeURIComponent(slug)}/rollout` : `/api/fleets/${encodeURIComponent(slug)}/rollout`;

export const rolloutKeys = {
  all: ['rollout'] as const,
  overview: (slug: string, source: RolloutSource, params: RolloutParams) => ['rollout', source, slug, params] as const,
  settings: (slug: string) => ['rollout', 'settings', slug] as const,
  operator: ['rollout', 'operator-overview'] as const,
};

export function useRollout(slug: string, source: RolloutSource, params: RolloutParams) {
  return useQuery({
    queryKey: rolloutKeys.overview(slug, source, params),
    queryFn: ({ signal }) => apiRequest(`${base(slug, source)}?${rolloutQuery(params).toString()}`, { schema: RolloutSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the systems the filters select, as the page counts them. */
export async function exportRollout(slug: string, params: RolloutParams, format: 'csv' | 'xlsx'): Promise<void> {
  const file = await apiRequest<Blob>(`/api/fleets/${encodeURIComponent(slug)}/rollout.${format}?${rolloutQuery(params).toString()}`, { responseType: 'blob' });
  saveBlob(`rollout-${slug}.${format}`, file);
}

export function useRolloutSettings(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: rolloutKeys.settings(slug),
    queryFn: ({ signal }) => apiRequest(`/api/fleets/${encodeURIComponent(slug)}/rollout/settings`, { schema: RolloutSettingsSchema, signal }),
    enabled,
  });
}

export function useSaveRolloutSettings(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<RolloutSettings>) =>
      apiRequest(`/api/fleets/${encodeURIComponent(slug)}/rollout/settings`, { method: 'PUT', body: input, schema: RolloutSettingsSchema }),
    onSuccess: async (saved) => {
      client.setQueryData(rolloutKeys.settings(slug), saved);
      await client.invalidateQueries({ queryKey: ['rollout', 'fleet', slug] });
    },
  });
}

export function useOperatorRollout() {
  return useQuery({
    queryKey: rolloutKeys.operator,
    queryFn: ({ signal }) => apiRequest('/api/operator/rollout', { schema: OperatorRolloutListSchema, signal }),
  });
}

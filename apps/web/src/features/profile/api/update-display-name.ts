import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MeSchema, type Me } from '@portal/domain/fleet';
import type { UpdateMe } from '@portal/domain/person';
import { apiRequest } from '@/lib/api-client';
import { meKeys } from '@/lib/query-keys';

export function updateDisplayName(input: UpdateMe): Promise<Me> {
  return apiRequest('/api/me', { method: 'PATCH', body: input, schema: MeSchema });
}

/** Saves the person's display name; the answer is the new `me`, shown at once wherever the name is. */
export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}

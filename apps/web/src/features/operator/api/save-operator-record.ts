import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from '@/lib/query-keys';

export type SaveVariables<TInput> = { id: number | null; input: TInput };

/**
 * Saves a record of one of the operator's lists: POST to `path` creates one (id null), PUT to
 * `path/id` changes it; the operator's lists reload afterwards.
 */
export function useSaveOperatorRecord<TInput, TSaved>(path: string, schema: z.ZodType<TSaved>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveVariables<TInput>) => apiRequest(id === null ? path : `${path}/${id}`, { method: id === null ? 'POST' : 'PUT', body: input, schema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

import type { QueryClient } from '@tanstack/react-query';
import type { Installation } from '@portal/domain/installation';

/** How every write of the wizard is sent: once per logical save, retried with the same key. */
export type WriteOptions = { idempotencyKey: string };

export const idempotencyHeaders = ({ idempotencyKey }: WriteOptions) => ({ 'Idempotency-Key': idempotencyKey });

/** A saved installation replaces the cached one; its summary and the lists of its fleet are out of date. */
export function storeSavedInstallation(queryClient: QueryClient, installation: Installation): void {
  queryClient.setQueryData(['installation', installation.id], installation);
  void queryClient.invalidateQueries({ queryKey: ['installation', installation.id, 'summary'] });
  void queryClient.invalidateQueries({ queryKey: ['installations', installation.fleet] });
}

import type { QueryClient } from '@tanstack/react-query';
import type { Installation } from '@portal/domain/installation';
import { installationKeys } from '@/lib/query-keys';

/** How every write of the wizard is sent: once per logical save, retried with the same key. */
export type WriteOptions = { idempotencyKey: string };

export const idempotencyHeaders = ({ idempotencyKey }: WriteOptions) => ({ 'Idempotency-Key': idempotencyKey });

/** A saved installation replaces the cached one; its summary and the lists of its fleet are out of date. */
export function storeSavedInstallation(queryClient: QueryClient, installation: Installation): void {
  queryClient.setQueryData(installationKeys.detail(installation.id), installation);
  void queryClient.invalidateQueries({ queryKey: installationKeys.summary(installation.id) });
  void queryClient.invalidateQueries({ queryKey: installationKeys.lists(installation.fleet) });
}

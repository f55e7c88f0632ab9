import type { QueryClient } from '@tanstack/react-query';
import type { Fleet } from '@portal/domain/fleet';
import type { Installation } from '@portal/domain/installation';
import { fleetKeys, installationKeys } from '@/lib/query-keys';

/** How every write of the wizard is sent: once per logical save, retried with the same key. */
export type WriteOptions = { idempotencyKey: string };

export const idempotencyHeaders = ({ idempotencyKey }: WriteOptions) => ({ 'Idempotency-Key': idempotencyKey });

/**
 * A saved installation replaces the cached one; its summary and the lists of its fleet are out of date,
 * and the installer now has an installation in that fleet (the next welcome page folds its checklist).
 */
export function storeSavedInstallation(queryClient: QueryClient, installation: Installation): void {
  queryClient.setQueryData(installationKeys.detail(installation.id), installation);
  void queryClient.invalidateQueries({ queryKey: installationKeys.summary(installation.id) });
  void queryClient.invalidateQueries({ queryKey: installationKeys.lists(installation.fleet) });
  queryClient.setQueryData<Fleet>(fleetKeys.detail(installation.fleet), (fleet) => (fleet && !fleet.hasOwnInstallations ? { ...fleet, hasOwnInstallations: true } : fleet));
}

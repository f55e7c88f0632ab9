import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { adminKeys, fleetKeys, meKeys } from '@/lib/query-keys';

/** 403 (no longer admin) or 404 (no longer a member): what the user may open has changed. */
export function isAccessLost(error: unknown): boolean {
  return isApiError(error) && (error.status === 403 || error.status === 404);
}

/** Reloads the user's fleets and roles, so the frame and the admin route show what is allowed now. */
export function refreshAccess(queryClient: QueryClient, fleet: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: meKeys.all }),
    queryClient.invalidateQueries({ queryKey: fleetKeys.detail(fleet) }),
  ]).then(() => undefined);
}

export function refreshMembersAndAccess(queryClient: QueryClient, fleet: string): Promise<void> {
  return Promise.all([refreshAccess(queryClient, fleet), queryClient.invalidateQueries({ queryKey: adminKeys.members(fleet) })]).then(() => undefined);
}

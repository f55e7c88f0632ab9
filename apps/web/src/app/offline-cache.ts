import { useAuthStore } from '@/features/auth/stores/auth-store';
import { forgetQueryCaches, persistQueryCache, restoreQueryCache } from '@/lib/query-persistence';
import { queryClient } from '@/lib/query-client';

/**
 * Offline, restores the signed-in user's last copy of their screens; then keeps it up to date while they are
 * signed in; signing out (or losing the session) deletes it. Resolves once the copy is in the cache.
 */
export function connectOfflineCache(): Promise<void> {
  let stop: (() => void) | null = null;
  let userId: string | null = null;
  const follow = (next: string | null) => {
    if (next === userId) return;
    stop?.();
    stop = null;
    if (userId !== null && next === null) void forgetQueryCaches();
    userId = next;
    if (next !== null) stop = persistQueryCache(queryClient, next);
  };
  const initial = useAuthStore.getState();
  // Online the screens come from the server as always; the copy is for opening without a network.
  const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const restored = isOffline && initial.isLoggedIn && initial.user ? restoreQueryCache(queryClient, initial.user.id) : Promise.resolve();
  return restored.then(() => {
    follow(useAuthStore.getState().user?.id ?? null);
    useAuthStore.subscribe((state) => follow(state.user?.id ?? null));
  });
}

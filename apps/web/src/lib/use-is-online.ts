import { useSyncExternalStore } from 'react';
import { subscribeToWindow } from './window-events';

const subscribe = subscribeToWindow('online', 'offline');

/** Whether the browser has a network connection, read at once on the first render (no flash of the online state). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

import { useSyncExternalStore } from 'react';
import { subscribeToWindow } from './window-events';

const subscribe = subscribeToWindow('online', 'offline');

/** Whether the browser has a network connection (the login page's own copy of Mantine's useNetwork, without the library). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

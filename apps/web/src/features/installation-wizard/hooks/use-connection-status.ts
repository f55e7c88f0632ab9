import { useMemo } from 'react';
import { useIsOnline } from '@/lib/use-is-online';
import { isPhoto, useWaitingItems, type WaitingItems } from './use-waiting-items';

export type ConnectionStatus = { isOnline: boolean; items: WaitingItems; changes: number; photos: number; documents: number; isShown: boolean };

/** Whether the device is offline and what waits on it for the portal: saves, photos and documents. */
export function useConnectionStatus(userId: string | null): ConnectionStatus {
  const online = useIsOnline();
  const items = useWaitingItems(userId);
  // One object while nothing changes: the frame's header renders again only when the status does.
  return useMemo(() => {
    const photos = items.files.filter(isPhoto).length;
    const documents = items.files.length - photos;
    const changes = items.changes.length;
    return { isOnline: online, items, changes, photos, documents, isShown: !online || changes + photos + documents > 0 };
  }, [online, items]);
}

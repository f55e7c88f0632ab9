import { useEffect, useState } from 'react';
import { pendingDraftKeys, subscribePendingSaves } from '../lib/draft-storage';

/** How many of the user's saves wait on this device for the network; follows the queue as it changes. */
export function usePendingSaveCount(userId: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!userId) {
      setCount(0);
      return;
    }
    let isActive = true;
    const refresh = () => {
      void pendingDraftKeys(userId).then((keys) => {
        if (isActive) setCount(keys.length);
      });
    };
    refresh();
    const unsubscribe = subscribePendingSaves(refresh);
    // Another tab of the portal may have sent or queued saves meanwhile.
    window.addEventListener('focus', refresh);
    return () => {
      isActive = false;
      unsubscribe();
      window.removeEventListener('focus', refresh);
    };
  }, [userId]);
  return count;
}

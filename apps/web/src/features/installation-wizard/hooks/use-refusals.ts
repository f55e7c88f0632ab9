import { useEffect, useState } from 'react';
import { readRefusals, subscribePendingSaves, type Refusal } from '../lib/draft-storage';

const NONE: Refusal[] = [];

/** The user's installations started offline that the server refused to create (see Refusal); follows the queue. */
export function useRefusals(userId: string | null): Refusal[] {
  const [read, setRead] = useState<{ userId: string | null; refusals: Refusal[] }>({ userId, refusals: NONE });
  useEffect(() => {
    if (!userId) return;
    let isActive = true;
    const refresh = () => {
      void readRefusals(userId).then((refusals) => {
        if (!isActive) return;
        // None, as almost always: the same value, so nothing renders again.
        setRead((current) => (refusals.length === 0 && current.userId === userId && current.refusals === NONE ? current : { userId, refusals: refusals.length ? refusals : NONE }));
      });
    };
    refresh();
    const stop = subscribePendingSaves(refresh);
    window.addEventListener('focus', refresh);
    return () => {
      isActive = false;
      stop();
      window.removeEventListener('focus', refresh);
    };
  }, [userId]);
  return userId && read.userId === userId ? read.refusals : NONE;
}

import { useCallback, useEffect, useState } from 'react';
import type { MissingPart } from '@portal/domain/summary-rules';
import type { WaitingItems } from './use-waiting-items';

/** Files that the upload queue can still send (not refused by the server). */
export const sendableFiles = (items: WaitingItems) => items.files.filter((file) => file.problem === null);

/** A required slot whose file is still on its way is not missing: it will be there before Submit goes. */
export function withoutWaitingUploads(missing: readonly MissingPart[], items: WaitingItems): MissingPart[] {
  const waitingSlots = new Set(sendableFiles(items).map((file) => `uploads.${file.type}`));
  return missing.filter((part) => !waitingSlots.has(part));
}

/**
 * Submit pressed while saves or files of the installation still wait on the device: the submission
 * is held and goes by itself once the last of them has been sent (and the connection is there).
 * Nothing is submitted without its files. `run` submits at once when nothing waits.
 */
export function useSubmitWhenSent(items: WaitingItems, isOnline: boolean) {
  const [held, setHeld] = useState<{ submit: () => Promise<void> } | null>(null);
  const isNothingWaiting = items.changes.length === 0 && items.files.length === 0;
  const isReady = isNothingWaiting && isOnline;

  useEffect(() => {
    if (!held || !isReady) return;
    setHeld(null);
    void held.submit();
  }, [held, isReady]);

  const run = useCallback(
    async (submit: () => Promise<void>) => {
      if (isReady) await submit();
      else setHeld({ submit });
    },
    [isReady],
  );

  return { run, isHeld: held !== null, cancel: useCallback(() => setHeld(null), []) };
}

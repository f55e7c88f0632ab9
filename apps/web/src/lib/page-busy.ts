import { useLayoutEffect, useSyncExternalStore } from 'react';

// How many loaders are on the page: the frame holds back what sits below the page (the footer) until
// none is left, so the screen arriving in place of a loader never pushes it around (no layout shift).
let loaders = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number) {
  loaders += by;
  for (const listener of listeners) listener();
}

/** Marks the page as loading while the calling component is mounted. */
export function useMarksPageBusy(): void {
  useLayoutEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}

/** Whether a loader stands in for (part of) the page right now (for effects, which may run before a re-render). */
export const isPageBusyNow = (): boolean => loaders > 0;

/** Whether a loader stands in for (part of) the page. */
export function useIsPageBusy(): boolean {
  return useSyncExternalStore(subscribe, isPageBusyNow, () => false);
}

import type { MouseEvent } from 'react';

/**
 * A page with unsaved work (the installation wizard) may hold navigation inside the app: the menu,
 * the brand link, logout and the fleet switcher ask it first. It returns false when it takes over:
 * it asks the installer and then goes to `to` itself.
 */
type LeaveGuard = (to: string) => boolean;

let guard: LeaveGuard | null = null;

/** Installs the guard; the returned function removes it again (for an effect's cleanup). */
export function setLeaveGuard(next: LeaveGuard): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}

/** Whether the app may go to `to` now. */
export function mayLeave(to: string): boolean {
  return guard ? guard(to) : true;
}

/** onClick for a link inside the app: held by the guard, except when it opens elsewhere (new tab or window). */
export function guardLinkClick(to: string) {
  return (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!mayLeave(to)) event.preventDefault();
  };
}

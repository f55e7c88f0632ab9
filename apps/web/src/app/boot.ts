import { isRowId } from '@portal/domain/row-id';
import { isSignedInOnThisDevice, startBootRequests } from '@/lib/boot-requests';

/** Pages that are not a fleet: the login and verification pages, and the operator's. */
const NOT_FLEETS = new Set(['login', 'logout', 'verify', 'operator']);

export type BootPlan = {
  isApp: boolean;
  fleet: string | null;
  screen: 'home' | 'installation' | 'installations' | null;
  /** The saved installation the wizard opens (not a new or device-only one). */
  installationId: number | null;
};

/** What a hash opens: a fleet (and which of its screens), or a page outside the signed-in app. */
export function planOfHash(hash: string): BootPlan {
  const match = /^#\/([^/?]*)((?:\/[^?]*)?)/.exec(hash);
  const first = match?.[1] ?? '';
  if (first === 'login' || first === 'verify') return { isApp: false, fleet: null, screen: null, installationId: null };
  if (!match || first === '' || NOT_FLEETS.has(first)) return { isApp: true, fleet: null, screen: null, installationId: null };
  let fleet: string;
  try {
    fleet = decodeURIComponent(first);
  } catch {
    return { isApp: true, fleet: null, screen: null, installationId: null };
  }
  const rest = match[2]!.replace(/\/$/, '');
  const wizard = /^\/installations\/(new|\d+)$/.exec(rest);
  const screen = rest === '' ? 'home' : wizard ? 'installation' : rest === '/installations' ? 'installations' : null;
  const installationId = wizard && isRowId(wizard[1]!) ? Number(wizard[1]) : null;
  return { isApp: true, fleet, screen, installationId };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Runs before React: on a signed-in device opening a screen of the app, the screen's first requests
 * and its chunks start at once, side by side, instead of one after the other as each layer renders.
 */
export function boot(hash: string): void {
  const plan = planOfHash(hash);
  if (!plan.isApp || !isSignedInOnThisDevice(storage())) return;
  if (navigator.onLine !== false) startBootRequests({ fleet: plan.fleet, isFleetHome: plan.screen === 'home', installationId: plan.installationId });
  void import('./preload-screens').then((m) => m.preloadScreens(plan, hash));
}

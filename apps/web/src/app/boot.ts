import { isSignedInOnThisDevice, startBootRequests } from '@/lib/boot-requests';
import { appTextsReady } from '@/lib/i18n-lazy';

/** Pages that are not a fleet: the login and verification pages, and the operator's. */
const NOT_FLEETS = new Set(['login', 'logout', 'verify', 'operator']);

/** What a hash opens: a fleet (and whether it is its home), or a page outside the signed-in app. */
export function planOfHash(hash: string): { isApp: boolean; fleet: string | null; screen: 'home' | 'installation' | 'installations' | null } {
  const match = /^#\/([^/?]*)((?:\/[^?]*)?)/.exec(hash);
  const first = match?.[1] ?? '';
  if (first === 'login' || first === 'verify') return { isApp: false, fleet: null, screen: null };
  if (!match || first === '' || NOT_FLEETS.has(first)) return { isApp: true, fleet: null, screen: null };
  let fleet: string;
  try {
    fleet = decodeURIComponent(first);
  } catch {
    return { isApp: true, fleet: null, screen: null };
  }
  const rest = match[2]!.replace(/\/$/, '');
  const screen = rest === '' ? 'home' : /^\/installations\/(?:new|\d+)$/.test(rest) ? 'installation' : rest === '/installations' ? 'installations' : null;
  return { isApp: true, fleet, screen };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Runs before React: on a signed-in device opening a screen of the app, the chunks of that screen and
 * its first requests start at once, side by side, instead of one after the other as each screen
 * renders (the chunks load again from the cache when the router asks for them).
 */
export function boot(hash: string): void {
  const plan = planOfHash(hash);
  if (!plan.isApp || !isSignedInOnThisDevice(storage())) return;
  if (navigator.onLine !== false) startBootRequests({ fleet: plan.fleet, isFleetHome: plan.screen === 'home' });
  void import('./app');
  void appTextsReady();
  void import('./layouts/app-frame');
  void import('@/features/installation-wizard/components/pending-saves-sync');
  void import('@/features/installation-wizard/components/upload-queue-sync');
  if (plan.fleet === null) return;
  void import('./routes/fleet/fleet-layout');
  if (plan.screen === 'home') void import('./routes/fleet/home');
  if (plan.screen === 'installation') void import('./routes/fleet/installation');
  if (plan.screen === 'installations') void import('./routes/fleet/installations');
}

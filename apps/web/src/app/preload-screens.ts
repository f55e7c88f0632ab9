import { stepLoaders } from '@/features/installation-wizard/components/lazy-steps';
import { appTextsReady, textsReady } from '@/lib/i18n-lazy';
import { preloadServiceWorkerSupport } from '@/lib/service-worker';
import type { BootPlan } from './boot';

/**
 * The chunks of the screen a page load opens, fetched side by side at once instead of one after the
 * other as each layer of the screen renders (the router then finds them loaded). Its own chunk, so the
 * login page's first chunk does not carry the app's file lists.
 */
export function preloadScreens(plan: BootPlan, hash: string): void {
  void import('./app');
  void appTextsReady();
  void import('./layouts/app-frame');
  preloadServiceWorkerSupport();
  if (plan.fleet === null) return;
  void import('./routes/fleet/fleet-layout');
  if (plan.screen === 'home') void import('./routes/fleet/home');
  if (plan.screen === 'installations') void import('./routes/fleet/installations');
  if (plan.screen === 'installation') {
    void import('./routes/fleet/installation');
    void textsReady('wizard');
    const tab = new URLSearchParams(hash.split('?')[1] ?? '').get('tab');
    if (tab !== null && Object.hasOwn(stepLoaders, tab)) void stepLoaders[tab as keyof typeof stepLoaders]();
  }
}

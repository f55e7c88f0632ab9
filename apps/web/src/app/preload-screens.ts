import { appTextsReady, textsReady } from '@/lib/i18n-lazy';
import { nextTask } from '@/lib/next-task';
import type { BootPlan } from './boot';

/**
 * The chunks of the screen a page load opens, fetched side by side at once instead of one after the
 * other as each layer of the screen renders (the router then finds them loaded). It comes with the
 * signed-in chunk (screen-chunks.ts), so the login page's first chunk does not carry the app's file
 * lists. Nothing the screen does not show is fetched here: the service worker's support loads when the
 * worker is registered, after the first paint.
 *
 * Each layer's files are asked for in a task of its own: adding a preload link costs the main thread
 * about a millisecond on a phone.
 */
export async function preloadScreens(plan: BootPlan, hash: string): Promise<void> {
  const layers: (() => unknown)[] = [() => import('./app'), appTextsReady, () => import('./layouts/app-frame')];
  if (plan.fleet !== null) layers.push(() => import('./routes/fleet/fleet-layout'));
  if (plan.screen === 'home') layers.push(() => import('./routes/fleet/home'));
  if (plan.screen === 'installations') layers.push(() => import('./routes/fleet/installations'));
  if (plan.screen === 'installation') {
    layers.push(() => import('./routes/fleet/installation'), () => textsReady('wizard'));
    const tab = new URLSearchParams(hash.split('?')[1] ?? '').get('tab');
    // The loaders of the tabs come in a chunk of their own, so that no other screen carries their file lists.
    if (tab !== null) {
      layers.push(async () => {
        const { stepLoaders } = await import('@/features/installation-wizard/components/step-loaders');
        if (Object.hasOwn(stepLoaders, tab)) stepLoaders[tab as keyof typeof stepLoaders].preload();
      });
    }
  }
  for (const [i, layer] of layers.entries()) {
    if (i > 0) await nextTask();
    void layer();
  }
}

import type { SaveResult } from '../hooks/use-step-form';

/**
 * Next: the tab is saved quietly first, and a tab that is saved, had nothing new, or whose save waits
 * on the device for the network is left. Invalid entries and a refused save keep the installer there.
 */
export async function saveThenNext(save: (options: { withToast: boolean }) => Promise<SaveResult>, onNext: () => void): Promise<void> {
  const { outcome } = await save({ withToast: false });
  if (outcome === 'saved' || outcome === 'unchanged' || outcome === 'offline') onNext();
}

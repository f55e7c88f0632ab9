import type { SaveResult } from '../hooks/use-step-form';

/** Next: the tab is saved quietly first, and only a tab that is saved (or had nothing new) is left. */
export async function saveThenNext(save: (options: { withToast: boolean }) => Promise<SaveResult>, onNext: () => void): Promise<void> {
  const { outcome } = await save({ withToast: false });
  if (outcome === 'saved' || outcome === 'unchanged') onNext();
}

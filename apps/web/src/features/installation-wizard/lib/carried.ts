import type { SaveResult } from '../hooks/use-step-form';

type Save = (options: { withToast: boolean }) => Promise<SaveResult>;

/** A tab's save after which values taken from an earlier vehicle are the installer's own (saved, unchanged or queued). */
export function clearingOnSave(save: Save, clear: () => void): Save {
  return async (options) => {
    const result = await save(options);
    if (result.outcome === 'saved' || result.outcome === 'unchanged' || result.outcome === 'offline') clear();
    return result;
  };
}

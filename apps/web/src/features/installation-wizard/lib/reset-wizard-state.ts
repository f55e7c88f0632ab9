import { discardUploadDrafts } from './upload-drafts';
import { useCheckVerificationStore } from '../stores/check-verification-store';
import { useWizardStore } from '../stores/wizard-store';

/**
 * SPEC §4: Cancel or close resets what the wizard holds in memory: notices, picked files not yet
 * saved (also those kept on the device) and the verification ticks of the digital check. Saved data and the server are untouched.
 */
export function resetWizardState(userId: string | null, installationId?: number): void {
  useWizardStore.getState().reset();
  useCheckVerificationStore.getState().reset();
  discardUploadDrafts(userId, installationId);
}

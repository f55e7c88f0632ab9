import { deleteUserDrafts } from './draft-storage';
import { forgetFile, listFiles } from './file-queue';
import { resetWizardState } from './reset-wizard-state';

/**
 * Sign-out: nothing the user typed or picked stays readable on the device, neither drafts and
 * waiting saves nor the bytes of their photos and documents; the wizard's memory is reset too.
 */
export async function forgetUserOnDevice(userId: string): Promise<void> {
  resetWizardState(userId);
  const files = await listFiles(userId);
  await Promise.all([deleteUserDrafts(userId), ...files.map((file) => forgetFile(file))]);
}

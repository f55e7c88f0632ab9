import { deleteUserDrafts, forgetUnqueuedDrafts } from './draft-storage';
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

/**
 * The session was lost (a 401: it expired, or was ended elsewhere) without the installer choosing to
 * sign out: what they only typed or picked goes (drafts and picked files), but the work they saved and
 * that still waits for the network stays, bound to their user id. It is sent only once the same user
 * signs in again; anyone else who signs in on the device never sees it.
 */
export async function forgetLostSession(userId: string): Promise<void> {
  resetWizardState(userId);
  const picked = (await listFiles(userId)).filter((file) => file.state === 'picked');
  await Promise.all([forgetUnqueuedDrafts(userId), ...picked.map((file) => forgetFile(file))]);
}

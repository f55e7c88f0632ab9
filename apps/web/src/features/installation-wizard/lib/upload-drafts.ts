import { forgetPickedFiles } from './file-queue';
import { useUploadsStore } from '../stores/uploads-store';

// The uploads tab's files picked on this device and not saved yet, as far as closing the wizard
// needs them: the wizard forgets them without loading the uploads tab (see hooks/use-uploads-form).

// One photo at a time per installation: a tablet holds few decoded 12-megapixel images in memory.
// Compressions go on while another tab is open; closing the wizard without saving stops them.
export const compressionQueues = new Map<number, Promise<void>>();
export const compressionAborts = new Map<string, AbortController>();

/**
 * Forgets every picked file that is not saved yet, in memory and on the device, and stops its
 * compression (Cancel or close of the wizard). Files saved while offline stay queued.
 */
export function discardUploadDrafts(userId: string | null, installationId?: number): void {
  for (const controller of compressionAborts.values()) controller.abort();
  compressionAborts.clear();
  compressionQueues.clear();
  const installations = new Set([...Object.keys(useUploadsStore.getState().drafts).map(Number), ...(installationId === undefined ? [] : [installationId])]);
  useUploadsStore.getState().reset();
  if (userId) for (const id of installations) void forgetPickedFiles(userId, id);
}

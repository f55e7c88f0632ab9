import type { Upload, UploadSlot } from '@portal/domain/upload';
import { saveUploads } from '../api/save-uploads';
import { readAsDataUrl, toKilobytes } from './upload-file';

export type FileToSend = { installationId: number; type: UploadSlot; name: string; format: string; blob: Blob; idempotencyKey: string };

/** How many of the file's own bytes have left the device (the request carries them as base64, a third more). */
export type FileProgress = (sentBytes: number) => void;

const inFlight = new Map<string, Promise<Upload[]>>();

/**
 * Sends one picked file, one request, with its own Idempotency-Key. The uploads tab and the upload
 * queue may both reach for the same file: the second waits for the first's answer instead of sending again.
 */
export function sendFileOnce(file: FileToSend, onProgress?: FileProgress): Promise<Upload[]> {
  const running = inFlight.get(file.idempotencyKey);
  if (running) return running;
  const request = readAsDataUrl(file.blob, file.format)
    .then((data) =>
      saveUploads(
        file.installationId,
        [{ type: file.type, name: file.name, format: file.format, sizeKilobytes: toKilobytes(file.blob.size), file: data }],
        {
          idempotencyKey: file.idempotencyKey,
          onProgress: onProgress && (({ loaded, total }) => onProgress(Math.min(Math.round((loaded / Math.max(total, 1)) * file.blob.size), file.blob.size))),
        },
      ),
    )
    .finally(() => inFlight.delete(file.idempotencyKey));
  inFlight.set(file.idempotencyKey, request);
  return request;
}

export const isFileSending = (idempotencyKey: string) => inFlight.has(idempotencyKey);

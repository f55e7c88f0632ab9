import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Upload } from '@portal/domain/upload';
import { IMAGE_FORMATS } from '@portal/domain/upload-rules';
import { isApiError } from '@/lib/api-error';
import { installationKeys, uploadFileKeys } from '@/lib/query-keys';
import { forgetFile, listFiles, subscribeFiles, updateFile, type StoredFile } from '../lib/file-queue';
import { sendFileOnce } from '../lib/send-file';
import { createRateMeter } from '../lib/upload-rate';
import { COMPRESSION_TARGET_BYTES, imageProblemOf } from '../lib/image-problem';
import { compressionAborts } from '../lib/upload-drafts';
import { uploadProblemOf } from '../lib/upload-file';
import { useUploadQueueStore } from '../stores/upload-queue-store';
import { useUploadsStore, type PendingUpload } from '../stores/uploads-store';
import { PENDING_RETRY_INTERVAL_MS } from './pending-saves-sync';
import type { QueueSyncProps } from './pending-saves-sync';

/** The first retry after a failed upload, doubled after each further failure up to the longest wait. */
export const UPLOAD_RETRY_FIRST_MS = 5_000;
export const UPLOAD_RETRY_MAX_MS = 5 * 60_000;

export const uploadRetryDelay = (failures: number) => Math.min(UPLOAD_RETRY_FIRST_MS * 2 ** Math.max(failures - 1, 0), UPLOAD_RETRY_MAX_MS);

function patchPending(file: StoredFile, change: Partial<PendingUpload> | null) {
  const { drafts, update } = useUploadsStore.getState();
  if (!drafts[file.installationId]) return;
  update(file.installationId, (d) => ({
    ...d,
    pending: change === null ? d.pending.filter((p) => p.key !== file.key) : d.pending.map((p) => (p.key === file.key ? { ...p, ...change } : p)),
  }));
}

const isWaiting = (file: StoredFile) => file.state === 'queued' && file.problem === null;

/**
 * A queued photo that was not compressed yet (the wizard was closed, or the page reloaded, before it
 * was): the queue compresses it itself, unless the uploads tab is doing so right now.
 */
async function prepareQueued(file: StoredFile): Promise<boolean> {
  const isImage = (IMAGE_FORMATS as readonly string[]).includes(file.format);
  if (!isImage || file.blob.size <= COMPRESSION_TARGET_BYTES) return updateFile(file, { isPrepared: true });
  try {
    const { compressImage } = await import('../lib/compress-image');
    const source = file.blob instanceof File ? file.blob : new File([file.blob], file.name, { type: file.blob.type });
    return await updateFile(file, { blob: await compressImage(source), isPrepared: true });
  } catch (error) {
    return updateFile(file, { problem: imageProblemOf(error) });
  }
}

/**
 * Sends the saved files in the background, one by one, each with its own Idempotency-Key, whether
 * saved online or offline: as soon as one is queued, when the connection comes back, after each
 * renewal of the ID token, on start-up and every half minute. It runs in the app's frame, so it goes
 * on when the installer moves to another tab or leaves the wizard. Each file's bytes are counted as
 * they go out, and the speed is measured for the time left.
 * A failed try waits longer each time (5 s, 10 s, 20 s … 5 min). A file the server refuses stays,
 * with the reason, until the installer removes it: nothing leaves the queue unsaid.
 */
export function UploadQueueSync({ userId, onTokenRenewed }: QueueSyncProps) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let isRunning = false;
    // Asked again while running: look once more before stopping.
    let isAskedAgain = false;
    let isStopped = false;
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    const { setSending, setProgress, setRetryAt } = useUploadQueueStore.getState();
    const meter = createRateMeter();

    const storeSaved = (file: StoredFile, answer: Upload[]) => {
      for (const upload of answer) {
        const { file: _bytes, ...saved } = upload;
        queryClient.setQueryData<Upload[]>(installationKeys.uploads(file.installationId), (list) =>
          list === undefined || list.some((u) => u.id === saved.id) ? list : [...list, saved],
        );
        queryClient.setQueryData(uploadFileKeys.file(saved.url), file.blob);
      }
      void queryClient.invalidateQueries({ queryKey: installationKeys.uploads(file.installationId) });
      void queryClient.invalidateQueries({ queryKey: installationKeys.summary(file.installationId) });
    };

    const flush = async () => {
      if (isRunning) isAskedAgain = true;
      if (isRunning || isStopped || navigator.onLine === false) return;
      isRunning = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      setRetryAt(null);
      // Bytes sent in this run, for the measured speed.
      let sentBefore = 0;
      meter.reset();
      try {
        // Files queued while others go are sent in the same run.
        for (;;) {
          isAskedAgain = false;
          // In the order they were picked; one the uploads tab still compresses waits for it.
          const next = (await listFiles(userId)).find((file) => isWaiting(file) && (file.isPrepared || !compressionAborts.has(file.key)));
          if (isStopped) return;
          if (!next) {
            if (isAskedAgain) continue;
            return;
          }
          if (!next.isPrepared) {
            // Not written (the device's storage failed): the next look tries again.
            if (!(await prepareQueued(next))) return;
            continue;
          }
          const file = next;
          setSending(file.key);
          patchPending(file, { status: 'sending' });
          if (sentBefore === 0) meter.add(Date.now(), 0);
          const onProgress = (sent: number) => {
            meter.add(Date.now(), sentBefore + sent);
            setProgress(sent, meter.rate());
          };
          try {
            const answer = await sendFileOnce(file, onProgress);
            sentBefore += file.blob.size;
            await forgetFile(file);
            // Signed out while the file was on its way: the server has it, but its answer is no longer
            // shown or cached for whoever uses the device next.
            if (isStopped) return;
            patchPending(file, null);
            storeSaved(file, answer);
            failures = 0;
          } catch (error) {
            const isCompleted = isApiError(error) && error.code === 'INSTALLATION_COMPLETED';
            const problem = uploadProblemOf(error) ?? (isCompleted ? 'refused' : null);
            if (problem) {
              await updateFile(file, { problem });
              patchPending(file, { status: 'queued', problem });
              continue;
            }
            // Offline, or the server failed or asked to wait: the next files would fare no better.
            patchPending(file, { status: 'queued' });
            failures += 1;
            const delay = uploadRetryDelay(failures);
            setRetryAt(Date.now() + delay);
            retryTimer = setTimeout(() => void flush(), delay);
            return;
          } finally {
            setSending(null);
          }
        }
      } finally {
        isRunning = false;
      }
    };

    const onOnline = () => {
      failures = 0;
      void flush();
    };
    void flush();
    window.addEventListener('online', onOnline);
    const stopRenewal = onTokenRenewed(() => void flush());
    // A file queued (or made ready) goes at once, unless a failure asked to wait.
    const stopFiles = subscribeFiles(() => {
      if (retryTimer === null) void flush();
    });
    // The half-minute look never cuts a longer backoff short.
    const timer = setInterval(() => {
      if (retryTimer === null) void flush();
    }, PENDING_RETRY_INTERVAL_MS);
    return () => {
      isStopped = true;
      stopRenewal();
      stopFiles();
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
      if (retryTimer !== null) clearTimeout(retryTimer);
      setSending(null);
      setRetryAt(null);
    };
  }, [queryClient, userId, onTokenRenewed]);

  return null;
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Upload } from '@portal/domain/upload';
import { isApiError } from '@/lib/api-error';
import { installationKeys, uploadFileKeys } from '@/lib/query-keys';
import { forgetFile, listFiles, updateFile, type StoredFile } from '../lib/file-queue';
import { sendFileOnce } from '../lib/send-file';
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

/**
 * Sends the files saved while offline, one by one, each with its own Idempotency-Key: when the
 * connection comes back, after each renewal of the ID token, on start-up and every half minute.
 * A failed try waits longer each time (5 s, 10 s, 20 s … 5 min). A file the server refuses stays,
 * with the reason, until the installer removes it: nothing leaves the queue unsaid.
 */
export function UploadQueueSync({ userId, onTokenRenewed }: QueueSyncProps) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let isRunning = false;
    let isStopped = false;
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    const { setSending, setRetryAt } = useUploadQueueStore.getState();

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
      if (isRunning || isStopped || navigator.onLine === false) return;
      isRunning = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      setRetryAt(null);
      try {
        const queued = (await listFiles(userId)).filter((file) => file.state === 'queued' && file.isPrepared && file.problem === null);
        for (const file of queued) {
          if (isStopped) return;
          setSending(file.key);
          patchPending(file, { status: 'sending' });
          try {
            const answer = await sendFileOnce(file);
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
    // The half-minute look never cuts a longer backoff short.
    const timer = setInterval(() => {
      if (retryTimer === null) void flush();
    }, PENDING_RETRY_INTERVAL_MS);
    return () => {
      isStopped = true;
      stopRenewal();
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
      if (retryTimer !== null) clearTimeout(retryTimer);
      setSending(null);
      setRetryAt(null);
    };
  }, [queryClient, userId, onTokenRenewed]);

  return null;
}

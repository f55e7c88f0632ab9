import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_MAX_FILES_PER_SLOT } from '@portal/domain/constants';
import { useTranslation } from '@/lib/i18n';
import type { Installation } from '@portal/domain/installation';
import type { Upload } from '@portal/domain/upload';
import { checkUpload, formatOf, IMAGE_FORMATS, missingRequiredSlots, type UploadSlot } from '@portal/domain/upload-rules';
import { isApiError } from '@/lib/api-error';
import { installationKeys, uploadFileKeys } from '@/lib/query-keys';
import { deleteUploads } from '../api/delete-uploads';
import { compressImage } from '../lib/compress-image';
import { checkFileContent } from '../lib/file-content';
import { newIdempotencyKey } from '../lib/form-values';
import { COMPRESSION_TARGET_BYTES, imageProblemOf } from '../lib/image-problem';
import { forgetFile, forgetPickedFiles, keepFile, listFiles, updateFile, type StoredFile } from '../lib/file-queue';
import { compressionAborts as aborts, compressionQueues as queues } from '../lib/upload-drafts';
import { notifyFileNotKept, notifyInternalError, notifyOffline, notifySaved } from '../lib/notify';
import { isOfflineFailure } from '../lib/save-request';
import { sendFileOnce } from '../lib/send-file';
import { uploadProblemOf, type FileProblem } from '../lib/upload-file';
import { EMPTY_UPLOADS_DRAFT, useUploadsStore, type PendingUpload, type Rejection, type UploadsDraft } from '../stores/uploads-store';
import { useWizardStore } from '../stores/wizard-store';
import { useWizardUserId } from '../lib/wizard-user';

/** Closing the wizard forgets the picked files without loading this tab (see lib/upload-drafts). */
export { discardUploadDrafts } from '../lib/upload-drafts';

/** queued: kept on the device and sent by the upload queue once the network is back. */
export type UploadsSaveOutcome = 'saved' | 'unchanged' | 'queued' | 'failed';

/** Refusals that the same file will get again: sending it again is pointless. */
const PERMANENT: readonly FileProblem[] = ['invalidFileType', 'emptyFile', 'invalidFileSize', 'imageTooLarge', 'notInspectable', 'refused'];

const isImage = (format: string) => (IMAGE_FORMATS as readonly string[]).includes(format);

/** Per installation: the writes of picked files to the device, in order. */
const keeping = new Map<number, Promise<void>>();
/** Picked files the device could not keep: only the page holds them. */
const unkept = new Set<string>();

let keyCounter = 0;
const localKey = () => `local-${++keyCounter}`;

type Options = { installation: Installation; saved: readonly Upload[] | undefined; isReadOnly: boolean };

const toPending = (file: StoredFile): PendingUpload => ({
  key: file.key,
  type: file.type,
  name: file.name,
  format: file.format,
  source: file.blob instanceof File ? file.blob : new File([file.blob], file.name, { type: file.blob.type }),
  status: file.state === 'queued' ? 'queued' : !file.isPrepared ? 'preparing' : 'ready',
  progress: file.isPrepared ? 100 : 0,
  blob: file.isPrepared ? file.blob : null,
  idempotencyKey: file.idempotencyKey,
  problem: file.problem,
});

/**
 * The uploads tab's state: the saved uploads, the files picked on this device (compressed in a
 * worker as soon as they are picked), the saved ones marked for deletion; and the save that sends
 * the new files one per request and deletes the marked ones. Nothing picked is lost when a save
 * fails, nor when the installer looks at another tab in between.
 */
export function useUploadsForm({ installation, saved, isReadOnly }: Options) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setActiveForm = useWizardStore((state) => state.setActiveForm);
  const requestClose = useWizardStore((state) => state.requestClose);
  const userId = useWizardUserId();
  const installationId = installation.id;
  const fleet = installation.fleet;
  const draft = useUploadsStore((state) => state.drafts[installationId] ?? EMPTY_UPLOADS_DRAFT);
  const [isSaving, setSaving] = useState(false);

  const current = useCallback(() => useUploadsStore.getState().drafts[installationId] ?? EMPTY_UPLOADS_DRAFT, [installationId]);
  const update = useCallback((change: (draft: UploadsDraft) => UploadsDraft) => useUploadsStore.getState().update(installationId, change), [installationId]);
  const patch = useCallback(
    (key: string, changes: Partial<PendingUpload>) => update((d) => ({ ...d, pending: d.pending.map((p) => (p.key === key ? { ...p, ...changes } : p)) })),
    [update],
  );
  const dropPending = useCallback((key: string) => update((d) => ({ ...d, pending: d.pending.filter((p) => p.key !== key) })), [update]);
  const stored = useCallback((key: string) => ({ userId: userId ?? '', installationId, key }), [installationId, userId]);

  const savedList = useMemo(() => saved ?? [], [saved]);

  /** What a slot holds on screen: saved files not marked for deletion and the picked ones. */
  const filesInSlot = useCallback(
    (slot: UploadSlot) => {
      const { pending, removedIds } = current();
      return savedList.filter((u) => u.type === slot && !removedIds.includes(u.id)).length + pending.filter((p) => p.type === slot).length;
    },
    [current, savedList],
  );

  const prepare = useCallback(
    (item: PendingUpload) => {
      const controller = new AbortController();
      aborts.set(item.key, controller);
      const previous = queues.get(installationId) ?? Promise.resolve();
      const next = previous.then(async () => {
        if (controller.signal.aborted) return;
        try {
          const needsCompression = isImage(item.format) && item.source.size > COMPRESSION_TARGET_BYTES;
          const blob = needsCompression
            ? await compressImage(item.source, { signal: controller.signal, onProgress: (progress) => patch(item.key, { progress }) })
            : item.source;
          if (controller.signal.aborted) return;
          const status = useUploadsStore.getState().drafts[installationId]?.pending.find((p) => p.key === item.key)?.status;
          patch(item.key, { status: status === 'preparing' || status === undefined ? 'ready' : status, progress: 100, blob });
          if (userId) await updateFile(stored(item.key), { blob, isPrepared: true });
        } catch (error) {
          if (controller.signal.aborted) return;
          const rejection: Rejection = { key: item.key, name: item.name, problem: imageProblemOf(error) };
          if (userId) void forgetFile(stored(item.key));
          update((d) => ({
            ...d,
            pending: d.pending.filter((p) => p.key !== item.key),
            rejections: { ...d.rejections, [item.type]: [...(d.rejections[item.type] ?? []), rejection] },
          }));
        } finally {
          aborts.delete(item.key);
        }
      });
      queues.set(installationId, next);
    },
    [installationId, patch, stored, update, userId],
  );

  // After a reload (or a killed tab) the files picked on this device come back from IndexedDB.
  useEffect(() => {
    if (!userId || isReadOnly || useUploadsStore.getState().drafts[installationId] !== undefined) return;
    let isActive = true;
    update((d) => d);
    void listFiles(userId, installationId).then((files) => {
      if (!isActive) return;
      // Files picked meanwhile are in memory already.
      const restored = files.map(toPending).filter((r) => !current().pending.some((p) => p.key === r.key));
      if (restored.length === 0) return;
      update((d) => ({ ...d, pending: [...restored, ...d.pending] }));
      restored.filter((p) => p.blob === null).forEach(prepare);
    });
    return () => {
      isActive = false;
    };
  }, [current, installationId, isReadOnly, prepare, update, userId]);

  /**
   * Files dropped or picked for a slot: checked by the domain rules (name, type, size, and the first
   * bytes: content and pixel count), the accepted ones prepared for sending. A refused file is only
   * named with its reason; it never appears as a row.
   */
  const onPick = useCallback(
    async (slot: UploadSlot, files: readonly File[]) => {
      const checked = await Promise.all(
        files.map(async (file) => {
          const problem = checkUpload(slot, { name: file.name, size: file.size, mimeType: file.type }, 0);
          return { file, problem: problem ?? (await checkFileContent(file, formatOf(file.name)!)) };
        }),
      );
      let count = filesInSlot(slot);
      const accepted: PendingUpload[] = [];
      const refused: Rejection[] = [];
      for (const { file, problem } of checked) {
        const refusal = problem ?? (count >= UPLOAD_MAX_FILES_PER_SLOT ? 'maxFiles' : null);
        if (refusal) {
          refused.push({ key: localKey(), name: file.name, problem: refusal });
          continue;
        }
        count += 1;
        accepted.push({
          key: localKey(),
          type: slot,
          name: file.name,
          format: formatOf(file.name)!,
          source: file,
          status: 'preparing',
          progress: 0,
          blob: null,
          idempotencyKey: newIdempotencyKey(),
          problem: null,
        });
      }
      update((d) => ({ ...d, pending: [...d.pending, ...accepted], rejections: { ...d.rejections, [slot]: refused } }));
      accepted.forEach(prepare);
      // Kept on the device at once, as picked: a killed tab or a restart loses none of them.
      if (!userId) return;
      // A millisecond apart, so the queue sends them in the order they were picked.
      const pickedAt = Date.now();
      const keepAll = async () => {
        for (const [index, item] of accepted.entries()) {
          const isKept = await keepFile({
            ...stored(item.key),
            fleet,
            type: item.type,
            name: item.name,
            format: item.format,
            blob: item.source,
            isPrepared: false,
            state: 'picked',
            idempotencyKey: item.idempotencyKey,
            problem: null,
            pickedAt: new Date(pickedAt + index).toISOString(),
          });
          if (!isKept) {
            unkept.add(item.key);
            notifyFileNotKept(t, item.name);
            continue;
          }
          const now = current().pending.find((p) => p.key === item.key);
          // Removed while it was being written: the copy must not come back.
          if (!now) await forgetFile(stored(item.key));
          // Compressed while it was being written: the copy says so.
          else if (now.blob !== null) await updateFile(stored(item.key), { blob: now.blob, isPrepared: true });
        }
      };
      // Save waits for these writes (milliseconds) before it hands the files to the queue.
      const written = (keeping.get(installationId) ?? Promise.resolve()).then(keepAll).catch(() => undefined);
      keeping.set(installationId, written);
      await written;
    },
    [current, filesInSlot, fleet, installationId, prepare, stored, t, update, userId],
  );

  const onRemovePending = useCallback(
    (key: string) => {
      aborts.get(key)?.abort();
      dropPending(key);
      if (userId) void forgetFile(stored(key));
    },
    [dropPending, stored, userId],
  );
  const onRemoveSaved = useCallback((id: number) => update((d) => (d.removedIds.includes(id) ? d : { ...d, removedIds: [...d.removedIds, id] })), [update]);
  const onRestoreSaved = useCallback((id: number) => update((d) => ({ ...d, removedIds: d.removedIds.filter((other) => other !== id) })), [update]);
  const onDismissRejections = useCallback((slot: UploadSlot) => update((d) => ({ ...d, rejections: { ...d.rejections, [slot]: [] } })), [update]);

  const storeSaved = useCallback(
    (upload: Upload, blob: Blob) => {
      // The answer carries the file as a data URL: the list keeps what it shows, the bytes stay a Blob.
      const { file: _file, ...stored } = upload;
      queryClient.setQueryData<Upload[]>(installationKeys.uploads(installationId), (list = []) => (list.some((u) => u.id === stored.id) ? list : [...list, stored]));
      queryClient.setQueryData(uploadFileKeys.file(stored.url), blob);
    },
    [installationId, queryClient],
  );

  /**
   * Deletes the marked uploads, then hands every new file to the upload queue, which sends them in
   * the background, one request each (components/upload-queue-sync): online or not, the tab moves on
   * at once. Only a file the device could not keep (storage full or private) is sent here and now.
   * The toast only with Save.
   */
  const save = useCallback(
    async ({ withToast }: { withToast: boolean }): Promise<UploadsSaveOutcome> => {
      if (isReadOnly) return 'unchanged';
      setSaving(true);
      try {
        const isRefusedForGood = (p: PendingUpload) => p.problem !== null && PERMANENT.includes(p.problem);
        const toDelete = current().removedIds;
        // Files waiting for Save, and those the server refused for a reason that may have gone (a full slot).
        const toQueue = current().pending.filter((p) => (p.status === 'preparing' || p.status === 'ready' || p.problem !== null) && !isRefusedForGood(p));
        if (toDelete.length === 0 && toQueue.length === 0) {
          // Only files the server refused for good are left: they stay until removed.
          if (current().pending.some(isRefusedForGood)) return 'failed';
          if (withToast) notifySaved(t, 'uploads');
          return 'unchanged';
        }
        let hasFailed = false;
        let isCompleted = false;
        let isOffline = false;
        // A failure no file row can show (the server failed, or refused the request as a whole).
        let isUnexplained = false;

        // Deletions first: they make room in a full slot for the files that replace them.
        if (toDelete.length > 0) {
          try {
            const deleted = await deleteUploads(installationId, { ids: toDelete });
            queryClient.setQueryData<Upload[]>(installationKeys.uploads(installationId), (list = []) => list.filter((u) => !toDelete.includes(u.id)));
            update((d) => ({ ...d, removedIds: d.removedIds.filter((id) => !toDelete.includes(id) && !deleted.includes(id)) }));
          } catch (error) {
            hasFailed = true;
            isCompleted = isApiError(error) && error.code === 'INSTALLATION_COMPLETED';
            if (isOfflineFailure(error)) isOffline = true;
            else if (!isCompleted) isUnexplained = true;
          }
        }

        // Handed to the queue in memory at once, on the device as soon as the writes of the picked
        // files are done (milliseconds): the tab does not wait for either. A file the device could
        // not keep (storage full or private) is sent here and now.
        const notKept = toQueue.filter((p) => !userId || unkept.has(p.key));
        const kept = toQueue.filter((p) => !notKept.includes(p));
        if (!isCompleted) {
          for (const item of kept) patch(item.key, { status: 'queued', problem: null });
          const queued = (keeping.get(installationId) ?? Promise.resolve()).then(() =>
            Promise.all(kept.map((item) => updateFile(stored(item.key), { state: 'queued', problem: null }))).then(() => undefined),
          );
          keeping.set(installationId, queued);
        }

        if (notKept.length > 0) {
          // Photos still being compressed are sent once they are ready.
          await queues.get(installationId);
          for (const { key } of notKept) {
            const item = current().pending.find((p) => p.key === key);
            if (isCompleted || isOffline || !item?.blob) continue;
            patch(item.key, { status: 'sending' });
            try {
              const answer = await sendFileOnce({ installationId, type: item.type, name: item.name, format: item.format, blob: item.blob, idempotencyKey: item.idempotencyKey });
              for (const upload of answer) storeSaved(upload, item.blob);
              dropPending(item.key);
            } catch (error) {
              hasFailed = true;
              const problem = uploadProblemOf(error);
              patch(item.key, { status: 'ready', problem });
              if (isApiError(error) && error.code === 'INSTALLATION_COMPLETED') isCompleted = true;
              else if (!problem) {
                if (isOfflineFailure(error)) isOffline = true;
                else isUnexplained = true;
                break;
              }
            }
          }
          void queryClient.invalidateQueries({ queryKey: installationKeys.summary(installationId) });
        }

        if (isCompleted) {
          // Submitted meanwhile (elsewhere): the tab opens read-only.
          void queryClient.invalidateQueries({ queryKey: installationKeys.detail(installationId) });
        }
        const isQueued = current().pending.some((p) => p.status === 'queued' && p.problem === null);
        if ((isOffline || (isQueued && navigator.onLine === false)) && !isUnexplained) {
          // Kept on the device: the upload queue sends the files once the network is back.
          notifyOffline(t);
          return 'queued';
        }
        if (hasFailed) {
          notifyInternalError(t);
          // SPEC §8: the internalError toast closes the form. The picked files are kept on the device
          // and come back when the tab is opened again; a file the server refused shows why instead.
          if (isUnexplained) requestClose();
          return 'failed';
        }
        if (current().pending.some(isRefusedForGood)) return 'failed';
        if (withToast) notifySaved(t, 'uploads');
        return isQueued ? 'queued' : 'saved';
      } finally {
        setSaving(false);
      }
    },
    [current, dropPending, installationId, isReadOnly, patch, queryClient, requestClose, storeSaved, stored, t, update, userId],
  );

  const discard = useCallback(async () => {
    for (const { key } of current().pending) aborts.get(key)?.abort();
    useUploadsStore.getState().clear(installationId);
    if (userId) await forgetPickedFiles(userId, installationId);
  }, [current, installationId, userId]);

  // Closing the wizard asks to save picked files and deletions first.
  useEffect(() => {
    if (isReadOnly) return;
    setActiveForm({
      tab: 'uploads',
      // Saved files wait in the upload queue, or are on their way: saved as far as the installer is concerned.
      isDirty: () => current().pending.some((p) => p.status === 'preparing' || p.status === 'ready') || current().removedIds.length > 0,
      save: async () => (await save({ withToast: true })) !== 'failed',
      discard,
    });
    return () => setActiveForm(null);
  }, [current, discard, isReadOnly, save, setActiveForm]);

  // Refusal messages are for the moment of picking; those that arrive while another tab is open stay until then.
  useEffect(() => () => update((d) => ({ ...d, rejections: {} })), [update]);

  /** What counts for the required slots: saved files kept and picked files the server did not refuse. */
  const missingSlots = useMemo(
    () =>
      missingRequiredSlots([...savedList.filter((u) => !draft.removedIds.includes(u.id)), ...draft.pending.filter((p) => p.problem === null)]),
    [draft, savedList],
  );

  return {
    saved: savedList,
    pending: draft.pending,
    removedIds: draft.removedIds,
    rejections: draft.rejections,
    isSaving,
    missingSlots,
    onPick,
    onRemovePending,
    onRemoveSaved,
    onRestoreSaved,
    onDismissRejections,
    save,
  };
}

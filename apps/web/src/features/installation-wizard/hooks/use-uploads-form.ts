import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_MAX_FILES_PER_SLOT } from '@portal/domain/constants';
import { useTranslation } from 'react-i18next';
import type { Installation } from '@portal/domain/installation';
import { checkUpload, formatOf, IMAGE_FORMATS, missingRequiredSlots, type Upload, type UploadSlot } from '@portal/domain/upload';
import { isApiError } from '@/lib/api-error';
import { deleteUploads } from '../api/delete-uploads';
import { uploadFileQueryKey } from '../api/get-upload-file';
import { uploadsQueryKey } from '../api/get-uploads';
import { saveUploads } from '../api/save-uploads';
import { compressImage } from '../lib/compress-image';
import { checkFileContent } from '../lib/file-content';
import { newIdempotencyKey } from '../lib/form-values';
import { COMPRESSION_TARGET_BYTES, imageProblemOf } from '../lib/image-problem';
import { notifyInternalError, notifySaved } from '../lib/notify';
import { readAsDataUrl, toKilobytes, uploadProblemOf, type FileProblem } from '../lib/upload-file';
import { EMPTY_UPLOADS_DRAFT, useUploadsStore, type PendingUpload, type Rejection, type UploadsDraft } from '../stores/uploads-store';
import { useWizardStore } from '../stores/wizard-store';

export type SendingProgress = { current: number; total: number; percent: number };
export type UploadsSaveOutcome = 'saved' | 'unchanged' | 'failed';

/** Refusals that the same file will get again: sending it again is pointless. */
const PERMANENT: readonly FileProblem[] = ['invalidFileType', 'emptyFile', 'invalidFileSize', 'imageTooLarge', 'notInspectable', 'refused'];

const isImage = (format: string) => (IMAGE_FORMATS as readonly string[]).includes(format);

let keyCounter = 0;
const localKey = () => `local-${++keyCounter}`;

// One photo at a time per installation: a tablet holds few decoded 12-megapixel images in memory.
// Compressions go on while another tab is open; closing the wizard without saving stops them.
const queues = new Map<number, Promise<void>>();
const aborts = new Map<string, AbortController>();

/** Forgets every picked file that is not saved yet, and stops its compression (Cancel or close of the wizard). */
export function discardUploadDrafts(): void {
  for (const controller of aborts.values()) controller.abort();
  aborts.clear();
  queues.clear();
  useUploadsStore.getState().reset();
}

type Options = { installation: Installation; saved: readonly Upload[] | undefined; isReadOnly: boolean };

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
  const installationId = installation.id;
  const draft = useUploadsStore((state) => state.drafts[installationId] ?? EMPTY_UPLOADS_DRAFT);
  const [sending, setSending] = useState<SendingProgress | null>(null);
  const [isSaving, setSaving] = useState(false);

  const current = useCallback(() => useUploadsStore.getState().drafts[installationId] ?? EMPTY_UPLOADS_DRAFT, [installationId]);
  const update = useCallback((change: (draft: UploadsDraft) => UploadsDraft) => useUploadsStore.getState().update(installationId, change), [installationId]);
  const patch = useCallback(
    (key: string, changes: Partial<PendingUpload>) => update((d) => ({ ...d, pending: d.pending.map((p) => (p.key === key ? { ...p, ...changes } : p)) })),
    [update],
  );
  const dropPending = useCallback((key: string) => update((d) => ({ ...d, pending: d.pending.filter((p) => p.key !== key) })), [update]);

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
          if (!controller.signal.aborted) patch(item.key, { status: 'ready', progress: 100, blob });
        } catch (error) {
          if (controller.signal.aborted) return;
          const rejection: Rejection = { key: item.key, name: item.name, problem: imageProblemOf(error) };
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
    [installationId, patch, update],
  );

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
    },
    [filesInSlot, prepare, update],
  );

  const onRemovePending = useCallback(
    (key: string) => {
      aborts.get(key)?.abort();
      dropPending(key);
    },
    [dropPending],
  );
  const onRemoveSaved = useCallback((id: number) => update((d) => (d.removedIds.includes(id) ? d : { ...d, removedIds: [...d.removedIds, id] })), [update]);
  const onRestoreSaved = useCallback((id: number) => update((d) => ({ ...d, removedIds: d.removedIds.filter((other) => other !== id) })), [update]);
  const onDismissRejections = useCallback((slot: UploadSlot) => update((d) => ({ ...d, rejections: { ...d.rejections, [slot]: [] } })), [update]);

  const storeSaved = useCallback(
    (upload: Upload, blob: Blob) => {
      // The answer carries the file as a data URL: the list keeps what it shows, the bytes stay a Blob.
      const { file: _file, ...stored } = upload;
      queryClient.setQueryData<Upload[]>(uploadsQueryKey(installationId), (list = []) => (list.some((u) => u.id === stored.id) ? list : [...list, stored]));
      queryClient.setQueryData(uploadFileQueryKey(stored.url), blob);
    },
    [installationId, queryClient],
  );

  /** Deletes the marked uploads, then sends every new file, one request each; the toast only with Save. */
  const save = useCallback(
    async ({ withToast }: { withToast: boolean }): Promise<UploadsSaveOutcome> => {
      if (isReadOnly) return 'unchanged';
      setSaving(true);
      try {
        // Photos still being compressed are sent once they are ready.
        await queues.get(installationId);
        const toDelete = current().removedIds;
        const toSend = current().pending.filter((p) => p.blob !== null && !(p.problem && PERMANENT.includes(p.problem)));
        if (toDelete.length === 0 && toSend.length === 0) {
          // Only files the server refused for good are left: they stay until removed.
          if (current().pending.length > 0) return 'failed';
          if (withToast) notifySaved(t, 'uploads');
          return 'unchanged';
        }
        let hasFailed = false;
        let isCompleted = false;

        // Deletions first: they make room in a full slot for the files that replace them.
        if (toDelete.length > 0) {
          try {
            const deleted = await deleteUploads(installationId, { ids: toDelete });
            queryClient.setQueryData<Upload[]>(uploadsQueryKey(installationId), (list = []) => list.filter((u) => !toDelete.includes(u.id)));
            update((d) => ({ ...d, removedIds: d.removedIds.filter((id) => !toDelete.includes(id) && !deleted.includes(id)) }));
          } catch (error) {
            hasFailed = true;
            isCompleted = isApiError(error) && error.code === 'INSTALLATION_COMPLETED';
          }
        }

        const totalBytes = toSend.reduce((sum, p) => sum + p.blob!.size, 0) || 1;
        let sentBytes = 0;
        for (const [index, item] of toSend.entries()) {
          if (isCompleted || !current().pending.some((p) => p.key === item.key)) continue;
          setSending({ current: index + 1, total: toSend.length, percent: Math.round((sentBytes / totalBytes) * 100) });
          patch(item.key, { status: 'sending', problem: null });
          try {
            const file = await readAsDataUrl(item.blob!, item.format);
            const answer = await saveUploads(
              installationId,
              [{ type: item.type, name: item.name, format: item.format, sizeKilobytes: toKilobytes(item.blob!.size), file }],
              { idempotencyKey: item.idempotencyKey },
            );
            for (const upload of answer) storeSaved(upload, item.blob!);
            dropPending(item.key);
          } catch (error) {
            hasFailed = true;
            const problem = uploadProblemOf(error);
            patch(item.key, { status: 'ready', problem });
            if (isApiError(error) && error.code === 'INSTALLATION_COMPLETED') isCompleted = true;
            // No answer, or the server failed: the next files would fare no better.
            else if (!problem) break;
          }
          sentBytes += item.blob!.size;
        }
        void queryClient.invalidateQueries({ queryKey: ['installation', installationId, 'summary'] });

        if (isCompleted) {
          // Submitted meanwhile (elsewhere): the tab opens read-only.
          void queryClient.invalidateQueries({ queryKey: ['installation', installationId] });
        }
        if (hasFailed) {
          notifyInternalError(t);
          return 'failed';
        }
        if (current().pending.length > 0) return 'failed';
        if (withToast) notifySaved(t, 'uploads');
        return 'saved';
      } finally {
        setSending(null);
        setSaving(false);
      }
    },
    [current, dropPending, installationId, isReadOnly, patch, queryClient, storeSaved, t, update],
  );

  const discard = useCallback(async () => {
    for (const { key } of current().pending) aborts.get(key)?.abort();
    useUploadsStore.getState().clear(installationId);
  }, [current, installationId]);

  // Closing the wizard asks to save picked files and deletions first.
  useEffect(() => {
    if (isReadOnly) return;
    setActiveForm({
      tab: 'uploads',
      isDirty: () => current().pending.length > 0 || current().removedIds.length > 0,
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
    sending,
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

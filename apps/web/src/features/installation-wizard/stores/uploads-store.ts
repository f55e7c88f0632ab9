import { create } from 'zustand';
import type { UploadSlot } from '@portal/domain/upload';
import type { FileProblem } from '../lib/upload-file';

/** A file picked on this device and not stored yet. */
export type PendingUpload = {
  key: string;
  type: UploadSlot;
  name: string;
  format: string;
  /** As picked (also kept on the device, lib/file-queue.ts). */
  source: File;
  /**
   * preparing: being compressed (images) or waiting for that; ready: waiting for Save; queued: saved
   * while offline, the upload queue sends it when the network is back; sending: on its way.
   */
  status: 'preparing' | 'ready' | 'queued' | 'sending';
  /** Of the compression, 0-100. */
  progress: number;
  /** What is sent: the compressed photo, or the file as it is. */
  blob: Blob | null;
  /** One per file, reused when the same file is sent again. */
  idempotencyKey: string;
  /** Why the server refused it. */
  problem: FileProblem | null;
};

/** A file that was not taken into a slot, and why. */
export type Rejection = { key: string; name: string; problem: FileProblem };

/** What the installer did on the uploads tab and has not saved yet. */
export type UploadsDraft = {
  pending: PendingUpload[];
  /** Saved uploads marked for deletion on the next save. */
  removedIds: number[];
  rejections: Partial<Record<UploadSlot, Rejection[]>>;
};

export const EMPTY_UPLOADS_DRAFT: UploadsDraft = { pending: [], removedIds: [], rejections: {} };

type UploadsState = {
  /**
   * Per installation, so picked photos survive a visit to another tab; the files themselves are also
   * kept in IndexedDB (lib/file-queue.ts) and come back from there after a reload.
   */
  drafts: Record<number, UploadsDraft>;
  update: (installationId: number, change: (draft: UploadsDraft) => UploadsDraft) => void;
  clear: (installationId: number) => void;
  reset: () => void;
};

export const useUploadsStore = create<UploadsState>()((set) => ({
  drafts: {},
  update: (installationId, change) =>
    set((state) => ({ drafts: { ...state.drafts, [installationId]: change(state.drafts[installationId] ?? EMPTY_UPLOADS_DRAFT) } })),
  clear: (installationId) =>
    set((state) => {
      const { [installationId]: _cleared, ...drafts } = state.drafts;
      return { drafts };
    }),
  reset: () => set({ drafts: {} }),
}));

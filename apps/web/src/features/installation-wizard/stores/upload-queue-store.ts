import { create } from 'zustand';

/** What the upload queue is doing, for the waiting list and the uploads tab: the file on its way, how far it is, and when the next try is. */
type UploadQueueState = {
  sendingKey: string | null;
  /** Of the file on its way: how many of its bytes have left the device. */
  sentBytes: number;
  /** The measured speed in bytes per second, null until it is known. */
  bytesPerSecond: number | null;
  /** Epoch ms of the next try after a failure, null while none is planned. */
  retryAt: number | null;
  setSending: (key: string | null) => void;
  setProgress: (sentBytes: number, bytesPerSecond: number | null) => void;
  setRetryAt: (at: number | null) => void;
};

export const useUploadQueueStore = create<UploadQueueState>()((set) => ({
  sendingKey: null,
  sentBytes: 0,
  bytesPerSecond: null,
  retryAt: null,
  setSending: (sendingKey) => set({ sendingKey, sentBytes: 0 }),
  setProgress: (sentBytes, bytesPerSecond) => set({ sentBytes, bytesPerSecond }),
  setRetryAt: (retryAt) => set({ retryAt }),
}));

import { create } from 'zustand';

/** What the upload queue is doing, for the waiting list: the file on its way and when the next try is. */
type UploadQueueState = {
  sendingKey: string | null;
  /** Epoch ms of the next try after a failure, null while none is planned. */
  retryAt: number | null;
  setSending: (key: string | null) => void;
  setRetryAt: (at: number | null) => void;
};

export const useUploadQueueStore = create<UploadQueueState>()((set) => ({
  sendingKey: null,
  retryAt: null,
  setSending: (sendingKey) => set({ sendingKey }),
  setRetryAt: (retryAt) => set({ retryAt }),
}));

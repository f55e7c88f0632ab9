import { create } from 'zustand';
import { normalizeError, type ApiError } from './api-error';

type ErrorState = {
  /** The last unexpected error; the error modal shows it until confirmed. */
  error: ApiError | null;
  showError: (error: unknown) => void;
  clearError: () => void;
};

export const useErrorStore = create<ErrorState>()((set) => ({
  error: null,
  showError: (error) => set({ error: normalizeError(error) }),
  clearError: () => set({ error: null }),
}));

export function showError(error: unknown): void {
  useErrorStore.getState().showError(error);
}

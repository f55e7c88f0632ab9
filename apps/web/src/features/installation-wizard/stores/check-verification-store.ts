import { create } from 'zustand';

type CheckVerificationState = {
  /** Checks (by id) whose result the installer has looked at; a new run has new ids, so nothing carries over. */
  verified: Record<number, true>;
  setVerified: (checkId: number, isVerified: boolean) => void;
  reset: () => void;
};

/** The verification ticks of the digital check tab, kept while the installer moves between tabs. */
export const useCheckVerificationStore = create<CheckVerificationState>()((set) => ({
  verified: {},
  setVerified: (checkId, isVerified) =>
    set((state) => {
      const verified = { ...state.verified };
      if (isVerified) verified[checkId] = true;
      else delete verified[checkId];
      return { verified };
    }),
  reset: () => set({ verified: {} }),
}));

import { create } from 'zustand';
import type { WizardTab } from '@portal/domain/installation';
import type { ApiError } from '@/lib/api-error';

/** What a tab tells the installer above its fields, per draft key. */
export type SaveNotice = 'offline' | 'saving' | 'conflict' | 'completed';

/** The tab on screen, so closing the wizard can ask to save it. */
export type ActiveForm = {
  tab: WizardTab;
  isDirty: () => boolean;
  /** Validates and saves; true when the data is saved (or kept for sending later). */
  save: () => Promise<boolean>;
  /** Forgets the unsaved entries, also the copy kept on the device. */
  discard: () => Promise<void>;
  /** Entries that are not kept on the device when the tab is left: leaving it for another tab asks first. */
  isLostOnLeave?: boolean;
};

/** An installation the server created from a save sent later; `localId` when it was started offline under the device's own id. */
export type CreatedLater = { id: number; fleet: string; localId?: number };

type WizardState = {
  notices: Record<string, SaveNotice | undefined>;
  activeForm: ActiveForm | null;
  /** A save the server refused unexpectedly: the 'Error saving data' dialog. */
  saveError: ApiError | null;
  /** A new installation created by a save sent later (after the connection came back). */
  created: CreatedLater | null;
  /** The server refused a save for a reason no field shows (SPEC §8 internalError): the wizard closes. */
  isCloseRequested: boolean;
  /** SPEC §5 'Please fill out all fields.': the tab on screen was saved with every required field empty. */
  isEmptyFormShown: boolean;
  /** The tab the installer jumped away from (the summary), offered as a way back beside Next. */
  returnTab: WizardTab | null;
  /** Where the step's next save-and-go leads: the return tab when 'Back to …' was pressed, else the next tab. */
  nextTarget: WizardTab | null;
  setNotice: (key: string, notice: SaveNotice | null) => void;
  setActiveForm: (form: ActiveForm | null) => void;
  showSaveError: (error: ApiError) => void;
  clearSaveError: () => void;
  setCreated: (created: CreatedLater | null) => void;
  requestClose: () => void;
  setEmptyFormShown: (isShown: boolean) => void;
  setReturnTab: (tab: WizardTab | null) => void;
  setNextTarget: (tab: WizardTab | null) => void;
  reset: () => void;
};

const initial = {
  notices: {},
  activeForm: null,
  saveError: null,
  created: null,
  isCloseRequested: false,
  isEmptyFormShown: false,
  returnTab: null,
  nextTarget: null,
};

export const useWizardStore = create<WizardState>()((set) => ({
  ...initial,
  setNotice: (key, notice) =>
    set((state) => {
      if ((state.notices[key] ?? null) === notice) return state;
      const notices = { ...state.notices };
      if (notice) notices[key] = notice;
      else delete notices[key];
      return { notices };
    }),
  setActiveForm: (activeForm) => set({ activeForm }),
  showSaveError: (saveError) => set({ saveError }),
  clearSaveError: () => set({ saveError: null }),
  setCreated: (created) => set({ created }),
  requestClose: () => set({ isCloseRequested: true }),
  setEmptyFormShown: (isEmptyFormShown) => set((state) => (state.isEmptyFormShown === isEmptyFormShown ? state : { isEmptyFormShown })),
  setReturnTab: (returnTab) => set((state) => (state.returnTab === returnTab ? state : { returnTab })),
  setNextTarget: (nextTarget) => set({ nextTarget }),
  reset: () => set(initial),
}));

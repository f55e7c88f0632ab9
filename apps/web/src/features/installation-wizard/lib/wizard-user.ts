import { createContext, useContext } from 'react';

/** Who the wizard works for, given by its route. */
export type WizardViewer = {
  /** Drafts and queued saves are kept per user, so a shared tablet never shows one installer's unsaved work to the next. */
  userId: string;
  /** A fleet admin may reopen a completed installation. */
  isFleetAdmin: boolean;
  /** The user has started an installation in this fleet before: the welcome page folds its checklist. */
  isReturning?: boolean;
};

export const WizardUserContext = createContext<WizardViewer>({ userId: 'anonymous', isFleetAdmin: false });

export const useWizardUserId = () => useContext(WizardUserContext).userId;
export const useIsFleetAdmin = () => useContext(WizardUserContext).isFleetAdmin;

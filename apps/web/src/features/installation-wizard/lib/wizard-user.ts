import { createContext, useContext } from 'react';

/**
 * The signed-in user the wizard works for, given by its route: drafts and queued saves are kept per
 * user, so a shared tablet never shows one installer's unsaved work to the next.
 */
export const WizardUserContext = createContext<string>('anonymous');

export const useWizardUserId = () => useContext(WizardUserContext);

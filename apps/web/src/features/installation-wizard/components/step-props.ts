import type { Installation } from '@portal/domain/installation';

/** What every tab of a saved installation receives from the wizard. */
export type StepProps = {
  installation: Installation;
  fleet: string;
  isReadOnly: boolean;
  /** Moves to the next tab (after a save, with the installation it returned). */
  onNext: () => void;
};

import type { FleetRole } from './fleet';
import type { InstallationStatus } from './installation-list';

// Plain TypeScript, no schema library: the wizard's tabs and who may change an installation, used by
// the wizard before (or without) loading the schemas and by the server. The schemas are in ./installation.

/** Wizard tabs in order; preInstallation only while creating. */
export const WIZARD_TABS = ['preInstallation', 'general', 'customer', 'vehicle', 'system', 'setup', 'uploads', 'digitalCheck', 'summary'] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];
/** Tabs that show a help popup while the installation is a draft. */
export const HELP_TABS: readonly WizardTab[] = ['setup', 'uploads', 'digitalCheck', 'summary'];

/** The steps of a saved installation, in order: the wizard's tabs without the pre-installation screen, which saves nothing. */
export const INSTALLATION_STEPS = ['general', 'customer', 'vehicle', 'system', 'setup', 'uploads', 'digitalCheck', 'summary'] as const satisfies readonly WizardTab[];
export type InstallationStep = (typeof INSTALLATION_STEPS)[number];

/** What a draft has saved so far, one fact per step after general. */
export interface StepFacts {
  customerDataConfirmed: boolean;
  hasVehicle: boolean;
  systemDataConfirmed: boolean;
  /** A physical inspection of a charge controller is saved. */
  hasSetup: boolean;
  hasUploads: boolean;
  /**
   * The digital check has its outcome: every check of the latest run passed, or the installer went on
   * although some failed. A run alone is no outcome: saving the setup starts one.
   */
  hasCheckResult: boolean;
  summaryDataConfirmed: boolean;
}

/** The furthest step whose data a draft has saved; "general" once it exists. */
export function stepReached(facts: StepFacts): InstallationStep {
  const reached: [InstallationStep, boolean][] = [
    ['summary', facts.summaryDataConfirmed],
    ['digitalCheck', facts.hasCheckResult],
    ['uploads', facts.hasUploads],
    ['setup', facts.hasSetup],
    ['system', facts.systemDataConfirmed],
    ['vehicle', facts.hasVehicle],
    ['customer', facts.customerDataConfirmed],
  ];
  return reached.find(([, yes]) => yes)?.[0] ?? 'general';
}

/** Where a step stands among all of them: "Uploads" is 6 of 8. */
export function stepPosition(step: InstallationStep): { position: number; total: number } {
  return { position: INSTALLATION_STEPS.indexOf(step) + 1, total: INSTALLATION_STEPS.length };
}

export const isEditable = (status: InstallationStatus) => status === 'draft';

/**
 * Who may delete an installation: only a draft, and only by the installer who created it or by an
 * admin of its fleet. `role` is the caller's role in the installation's fleet.
 */
export function canDeleteInstallation(
  installation: { status: InstallationStatus; createdBy: string | null },
  caller: { userId: string; role: FleetRole | null | undefined },
): boolean {
  if (!isEditable(installation.status) || !caller.role) return false;
  return caller.role === 'admin' || installation.createdBy === caller.userId;
}

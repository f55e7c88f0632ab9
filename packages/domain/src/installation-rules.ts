import type { FleetRole } from './fleet';
import type { InstallationStatus } from './installation-list';

// Plain TypeScript, no schema library: the wizard's tabs and who may change an installation, used by
// the wizard before (or without) loading the schemas and by the server. The schemas are in ./installation.

/** Wizard tabs in order; preInstallation only while creating. */
export const WIZARD_TABS = ['preInstallation', 'general', 'customer', 'vehicle', 'system', 'setup', 'uploads', 'digitalCheck', 'summary'] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];
/** Tabs that show a help popup while the installation is a draft. */
export const HELP_TABS: readonly WizardTab[] = ['setup', 'uploads', 'digitalCheck', 'summary'];

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

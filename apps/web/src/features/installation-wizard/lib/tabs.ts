import type { Installation } from '@portal/domain/installation';
import { HELP_TABS, WIZARD_TABS, type WizardTab } from '@portal/domain/installation-rules';

/** The tabs of a saved installation; the pre-installation checklist only opens a new one. */
export const FORM_TABS: readonly WizardTab[] = WIZARD_TABS.filter((tab) => tab !== 'preInstallation');

export const tabsFor = (isNew: boolean): readonly WizardTab[] => (isNew ? WIZARD_TABS : FORM_TABS);

export const hasHelp = (tab: WizardTab) => HELP_TABS.includes(tab);

export function parseTab(value: string | null | undefined): WizardTab | null {
  return (WIZARD_TABS as readonly string[]).includes(value ?? '') ? (value as WizardTab) : null;
}

/** Every charge controller has its PV modules, active channels and physical inspection. */
export function isSetupRecorded(installation: Installation): boolean {
  const inspected = new Set(installation.inspections.map((i) => i.chargeControllerSerial.toLowerCase()));
  return installation.system.chargeControllers.every(
    (c) => c.pvModulesCount !== null && c.activeChannelCount !== null && inspected.has(c.serialNumber.toLowerCase()),
  );
}

/**
 * Which tabs can be opened: a tab needs the data of the tabs before it. Setup opens once the controller
 * serial numbers were confirmed on the system tab (stored with the installation) or a setup was saved before.
 */
export function reachableTabs(installation: Installation | null): Set<WizardTab> {
  if (!installation) return new Set(['preInstallation', 'general']);
  if (installation.status === 'completed') return new Set(FORM_TABS);
  const tabs = new Set<WizardTab>(['general', 'customer']);
  if (installation.customerDataConfirmed) tabs.add('vehicle');
  if (installation.customerDataConfirmed && installation.vehicle) {
    tabs.add('system');
    const setupDone = isSetupRecorded(installation);
    if (installation.systemDataConfirmed || setupDone) tabs.add('setup');
    if (setupDone) {
      tabs.add('uploads');
      tabs.add('digitalCheck');
      tabs.add('summary');
    }
  }
  return tabs;
}

/**
 * Offline a tab's save waits on the device, and the installer goes on all the same: a reachable tab
 * whose save waits opens the tab after it, as the save will once the server has it (a setup opens
 * uploads, checks and summary).
 */
export function withWaitingTabs(reachable: Set<WizardTab>, waiting: Iterable<WizardTab>): Set<WizardTab> {
  const queued = new Set(waiting);
  if (queued.size === 0) return reachable;
  const tabs = new Set(reachable);
  FORM_TABS.forEach((tab, index) => {
    if (!tabs.has(tab) || !queued.has(tab)) return;
    const unlocked = tab === 'setup' ? FORM_TABS.slice(index + 1) : FORM_TABS.slice(index + 1, index + 2);
    for (const next of unlocked) tabs.add(next);
  });
  return tabs;
}

/** Where a saved installation opens without a tab in the address: the furthest step it can reach. */
export function resumeTab(installation: Installation, reachable: Set<WizardTab>): WizardTab {
  if (installation.status === 'completed') return 'summary';
  const open = FORM_TABS.filter((tab) => reachable.has(tab));
  // Placeholder steps record nothing yet: resume on the last one with data to enter.
  const last = open.at(-1) ?? 'general';
  return last === 'summary' ? 'uploads' : last;
}

export function neighbourTab(tabs: readonly WizardTab[], tab: WizardTab, step: 1 | -1): WizardTab | null {
  const index = tabs.indexOf(tab);
  return index < 0 ? null : (tabs[index + step] ?? null);
}

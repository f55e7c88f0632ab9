import type { WizardTab } from '@portal/domain/installation';

/**
 * Each tab of the wizard is its own chunk: a tab loads what it needs (dates, dropzone, image
 * compression, the scanner) when it opens, not with the wizard. A module of its own, so that the boot
 * preloader can ask for a tab's chunk without loading the wizard's components.
 */
export const stepLoaders = {
  preInstallation: () => import('../steps/pre-installation-step'),
  general: () => import('../steps/general-step'),
  customer: () => import('../steps/customer-step'),
  vehicle: () => import('../steps/vehicle-step'),
  system: () => import('../steps/system-step'),
  setup: () => import('../steps/setup-step'),
  uploads: () => import('../steps/uploads-step'),
  digitalCheck: () => import('../steps/digital-check-step'),
  summary: () => import('../steps/summary-step'),
} satisfies Record<WizardTab, () => Promise<unknown>>;

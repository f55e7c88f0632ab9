import type { ComponentType } from 'react';
import type { WizardTab } from '@portal/domain/installation';
import { loadOnce, type Loader } from '@/lib/load-once';

/**
 * Each tab of the wizard is its own chunk: a tab loads what it needs (dates, dropzone, image
 * compression, the scanner) when it opens, not with the wizard. A module of its own, so that the boot
 * preloader can ask for a tab's chunk without loading the wizard's components; the tab's component
 * (lazy-steps.tsx) uses the same loader, so a tab fetched ahead renders at once.
 */
export const stepLoaders = {
  preInstallation: loadOnce(() => import('../steps/pre-installation-step').then((m) => m.PreInstallationStep)),
  general: loadOnce(() => import('../steps/general-step').then((m) => m.GeneralStep)),
  customer: loadOnce(() => import('../steps/customer-step').then((m) => m.CustomerStep)),
  vehicle: loadOnce(() => import('../steps/vehicle-step').then((m) => m.VehicleStep)),
  system: loadOnce(() => import('../steps/system-step').then((m) => m.SystemStep)),
  setup: loadOnce(() => import('../steps/setup-step').then((m) => m.SetupStep)),
  uploads: loadOnce(() => import('../steps/uploads-step').then((m) => m.UploadsStep)),
  digitalCheck: loadOnce(() => import('../steps/digital-check-step').then((m) => m.DigitalCheckStep)),
  summary: loadOnce(() => import('../steps/summary-step').then((m) => m.SummaryStep)),
} satisfies Record<WizardTab, Pick<Loader<ComponentType>, 'preload'>>;

import { lazy } from 'react';
import type { WizardTab } from '@portal/domain/installation';

/**
 * Each tab of the wizard is its own chunk: a tab loads what it needs (dates, dropzone, image
 * compression, the scanner) when it opens, not with the wizard.
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

export const PreInstallationStep = lazy(() => stepLoaders.preInstallation().then((m) => ({ default: m.PreInstallationStep })));
export const GeneralStep = lazy(() => stepLoaders.general().then((m) => ({ default: m.GeneralStep })));
export const CustomerStep = lazy(() => stepLoaders.customer().then((m) => ({ default: m.CustomerStep })));
export const VehicleStep = lazy(() => stepLoaders.vehicle().then((m) => ({ default: m.VehicleStep })));
export const SystemStep = lazy(() => stepLoaders.system().then((m) => ({ default: m.SystemStep })));
export const SetupStep = lazy(() => stepLoaders.setup().then((m) => ({ default: m.SetupStep })));
export const UploadsStep = lazy(() => stepLoaders.uploads().then((m) => ({ default: m.UploadsStep })));
export const DigitalCheckStep = lazy(() => stepLoaders.digitalCheck().then((m) => ({ default: m.DigitalCheckStep })));
export const SummaryStep = lazy(() => stepLoaders.summary().then((m) => ({ default: m.SummaryStep })));

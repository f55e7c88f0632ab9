import { PageLoader as StepLoader } from '@/components/ui/page-loader';
import { lazyComponent } from '@/lib/lazy-component';
import { stepLoaders } from './step-loaders';

/**
 * The wizard's tabs as components, each loaded when its tab first opens or is fetched ahead (see
 * step-loaders.ts); until then the tab shows the step loader. Not `React.lazy`, whose fallback
 * throttle held a tab's form back for up to 300 ms after the wizard's header had shown (see lazyComponent).
 */
export const PreInstallationStep = lazyComponent(stepLoaders.preInstallation, StepLoader);
export const GeneralStep = lazyComponent(stepLoaders.general, StepLoader);
export const CustomerStep = lazyComponent(stepLoaders.customer, StepLoader);
export const VehicleStep = lazyComponent(stepLoaders.vehicle, StepLoader);
export const SystemStep = lazyComponent(stepLoaders.system, StepLoader);
export const SetupStep = lazyComponent(stepLoaders.setup, StepLoader);
export const UploadsStep = lazyComponent(stepLoaders.uploads, StepLoader);
export const DigitalCheckStep = lazyComponent(stepLoaders.digitalCheck, StepLoader);
export const SummaryStep = lazyComponent(stepLoaders.summary, StepLoader);

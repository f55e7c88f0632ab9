// The schemas the wizard's tabs check entries and live check results with, in one chunk with the
// schema library: a tab shows without them, and the first tab shown loads them right after it has
// painted (see formResolver), for every tab.
export { CreateInstallationSchema, CustomerConfirmationSchema, ProceedWithFailedChecksSchema, SystemConfirmationSchema } from '@portal/domain/installation';
export { InstallationSetupSchema } from '@portal/domain/setup';
export { SubmitInstallationSchema } from '@portal/domain/summary';
export { SystemCheckEventSchema } from '@portal/domain/system-check';
export { VehicleInputSchema } from '@portal/domain/vehicle';

// Plain TypeScript, no schema library: what a submit still lacks, used by the summary tab before (or
// without) loading the schemas and by the server. The schemas are in ./summary.

/** What a submit is missing, by part; empty when it may complete. */
export type MissingPart =
  | 'vehicle'
  | 'customerDataConfirmed'
  | 'setup'
  | 'uploads.pvModules'
  | 'uploads.telematics-mcu'
  | 'systemChecks.pending'
  | 'systemChecks.failedNotConfirmed';

export function missingForSubmit(s: {
  vehicle: unknown;
  customerDataConfirmed: boolean;
  setup: { pvModulesCount: number | null; activeChannelCount: number | null; inspection: unknown }[];
  uploads: { type: string; files: unknown[] }[];
  systemChecks: { status: string }[];
  proceededWithFailedChecks: boolean;
}): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!s.vehicle) missing.push('vehicle');
  if (!s.customerDataConfirmed) missing.push('customerDataConfirmed');
  if (s.setup.length === 0 || s.setup.some((c) => c.pvModulesCount == null || c.activeChannelCount == null || !c.inspection)) missing.push('setup');
  for (const slot of ['pvModules', 'telematics-mcu'] as const) {
    if (!s.uploads.some((u) => u.type === slot && u.files.length > 0)) missing.push(`uploads.${slot}`);
  }
  if (s.systemChecks.length === 0 || s.systemChecks.some((c) => c.status === 'pending')) missing.push('systemChecks.pending');
  else if (s.systemChecks.some((c) => c.status === 'failed') && !s.proceededWithFailedChecks) missing.push('systemChecks.failedNotConfirmed');
  return missing;
}

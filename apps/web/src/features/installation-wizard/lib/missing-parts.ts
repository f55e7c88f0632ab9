import type { WizardTab } from '@portal/domain/installation';
import type { MissingPart } from '@portal/domain/summary';
import { isApiError } from '@/lib/api-error';

/** What a submit can miss, in the order of the tabs, with the tab that records it and its message key. */
export const MISSING_PARTS: readonly { part: MissingPart; tab: WizardTab; message: MissingMessageKey }[] = [
  { part: 'customerDataConfirmed', tab: 'customer', message: 'customerDataConfirmed' },
  { part: 'vehicle', tab: 'vehicle', message: 'vehicle' },
  { part: 'setup', tab: 'setup', message: 'setup' },
  { part: 'uploads.pvModules', tab: 'uploads', message: 'uploadsPvModules' },
  { part: 'uploads.telematics-mcu', tab: 'uploads', message: 'uploadsTelematicsMcu' },
  { part: 'systemChecks.pending', tab: 'digitalCheck', message: 'systemChecksPending' },
  { part: 'systemChecks.failedNotConfirmed', tab: 'digitalCheck', message: 'systemChecksFailedNotConfirmed' },
];

export type MissingMessageKey =
  | 'customerDataConfirmed'
  | 'vehicle'
  | 'setup'
  | 'uploadsPvModules'
  | 'uploadsTelematicsMcu'
  | 'systemChecksPending'
  | 'systemChecksFailedNotConfirmed';

/** Keeps the known parts, in tab order; unknown names from a newer server are left out. */
export function sortMissingParts(parts: readonly string[]): typeof MISSING_PARTS {
  return MISSING_PARTS.filter(({ part }) => parts.includes(part));
}

/** The parts a 422 UNPROCESSABLE names in `details.missing`; null for any other failure. */
export function missingPartsOf(error: unknown): MissingPart[] | null {
  if (!isApiError(error) || error.code !== 'UNPROCESSABLE') return null;
  const missing = (error.details as { missing?: unknown } | null | undefined)?.missing;
  if (!Array.isArray(missing)) return null;
  return sortMissingParts(missing.filter((part): part is string => typeof part === 'string')).map(({ part }) => part);
}

import { eq } from 'drizzle-orm';
import type { Installation, UpdateInstallation } from '@portal/domain/installation';
import { failedChecksReasonProblem, UpdateInstallationSchema } from '@portal/domain/installation';
import { FAILED_CHECKS_REASON_MAX_LENGTH, FAILED_CHECKS_REASON_MIN_LENGTH } from '@portal/domain/constants';
import { FORM_ERRORS } from '@portal/domain/validation';
import type { Db } from '../../db/client';
import { vehicle } from '../../db/schema';
import { AppError } from '../../errors';
import { changedFields, recordHistory } from '../reports/history';
import { installationForCaller } from './read-model';
import { assertOwnPartner, bumpVersion, lockWritable, searchTextOf, type Writer } from './repository';

/** The installation's own fields whose changes the history records (the confirmations among them). */
const HISTORY_FIELDS = ['name', 'startDate', 'comments', 'partnerId', 'customerDataConfirmed', 'systemDataConfirmed', 'proceededWithFailedChecks', 'failedChecksReason'] as const;

/** Going on with failed checks says why; a reason without going on is a mistake of the client. */
function assertFailedChecksReason(data: UpdateInstallation) {
  const problem = failedChecksReasonProblem(data);
  if (problem === 'required') {
    throw new AppError(
      'VALIDATION_ERROR',
      `Proceeding with failed digital checks needs a reason (failedChecksReason, ${FAILED_CHECKS_REASON_MIN_LENGTH} to ${FAILED_CHECKS_REASON_MAX_LENGTH} characters)`,
      [{ field: 'failedChecksReason', message: FORM_ERRORS.required }],
    );
  }
  if (problem === 'unexpected') {
    throw new AppError('VALIDATION_ERROR', 'A failedChecksReason is only accepted with proceededWithFailedChecks: true', [
      { field: 'failedChecksReason', message: 'unexpected' },
    ]);
  }
}

/** Changes the general and customer data of a draft, then answers it as the caller reads it. */
export async function updateInstallation(db: Db, fleetIds: number[], writer: Writer, id: number, input: UpdateInstallation): Promise<Installation> {
  const data = UpdateInstallationSchema.parse(input);
  assertFailedChecksReason(data);
  const actor = writer.userId;
  const saved = await db.transaction(async (tx) => {
    const row = await lockWritable(tx as Db, fleetIds, id, data.version);
    await assertOwnPartner(tx as Db, writer.companyId, data.partnerId);
    const name = data.name ?? row.name;
    let vin: string | null = null;
    if (row.vehicleId) [{ vin }] = (await tx.select({ vin: vehicle.vin }).from(vehicle).where(eq(vehicle.id, row.vehicleId))) as [{ vin: string }];
    const updated = await bumpVersion(tx as Db, id, actor, {
      ...(data.startDate !== undefined ? { startDate: data.startDate } : {}),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.comments !== undefined ? { comments: data.comments } : {}),
      ...(data.partnerId !== undefined ? { partnerId: data.partnerId } : {}),
      ...(data.customerDataConfirmed !== undefined ? { customerDataConfirmed: data.customerDataConfirmed } : {}),
      ...(data.systemDataConfirmed !== undefined ? { systemDataConfirmed: data.systemDataConfirmed } : {}),
      ...(data.proceededWithFailedChecks !== undefined
        ? { proceededWithFailedChecks: data.proceededWithFailedChecks, failedChecksReason: data.proceededWithFailedChecks ? data.failedChecksReason : null }
        : {}),
      searchText: searchTextOf(name, row.systemSerial, vin),
    });
    const changes = changedFields(row, updated, HISTORY_FIELDS);
    await recordHistory(tx as Db, row, actor, 'changed', changes.length ? changes : undefined);
    return updated;
  });
  return installationForCaller(db, saved, writer);
}

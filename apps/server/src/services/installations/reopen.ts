import type { Installation } from '@portal/domain/installation';
import type { ReopenInstallation } from '@portal/domain/history';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordHistory } from '../reports/history';
import { installationForCaller } from './read-model';
import { assertVersion, bumpVersion, findScopedInstallation, type Caller } from './repository';

/**
 * A fleet admin takes a completed installation back to draft, with the reason in its history. Its
 * reports stay: their verification pages say it was reopened, and the next submit signs a new version.
 */
export async function reopenInstallation(db: Db, caller: Caller, id: number, input: ReopenInstallation): Promise<Installation> {
  const row = await db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, caller.fleets.map((f) => f.id), id, { forUpdate: true });
    if (caller.fleets.find((f) => f.id === row.fleetId)?.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'Only an admin of the fleet may reopen a completed installation');
    }
    if (row.status !== 'completed') throw new AppError('INSTALLATION_NOT_COMPLETED', 'Only a completed installation can be reopened');
    assertVersion(row, input.version);
    const reopened = await bumpVersion(tx as Db, id, caller.userId, { status: 'draft', summaryDataConfirmed: false, completionDate: null, reopenedAt: new Date() });
    await recordHistory(tx as Db, row, caller.userId, 'reopened', [{ field: 'reason', newValue: input.reason }]);
    return reopened;
  });
  return installationForCaller(db, row, caller);
}

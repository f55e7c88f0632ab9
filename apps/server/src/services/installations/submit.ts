import { and, eq, sql } from 'drizzle-orm';
import type { Installation } from '@portal/domain/installation';
import type { SubmitInstallation } from '@portal/domain/summary';
import { missingForSubmit, SubmitInstallationSchema } from '@portal/domain/summary';
import type { Db } from '../../db/client';
import { installation } from '../../db/schema';
import { AppError } from '../../errors';
import { recordHistory } from '../reports/history';
import { createReport } from '../reports/reports';
import { buildSummary } from '../reports/summary';
import { installationForCaller } from './read-model';
import { findScopedInstallation, type Caller } from './repository';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Completes an installation. Idempotent: concurrent or repeated submits wait on the row lock and
 * find it completed, so it completes once and every caller gets the same answer.
 */
export async function submitInstallation(db: Db, fleetIds: number[], caller: Caller, id: number, input: SubmitInstallation): Promise<{ installation: Installation; alreadyCompleted: boolean }> {
  const data = SubmitInstallationSchema.parse(input);
  const actor = caller.userId;
  const { row, alreadyCompleted } = await db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, fleetIds, id, { forUpdate: true });
    if (row.status === 'completed') return { row, alreadyCompleted: true };
    const summary = await buildSummary(tx as Db, row);
    const missing = missingForSubmit(summary);
    if (missing.length) throw new AppError('UNPROCESSABLE', `The installation cannot be submitted yet: ${missing.join(', ')}`, { missing });
    const [done] = await tx
      .update(installation)
      .set({
        status: 'completed',
        summaryDataConfirmed: true,
        comments: data.comments ?? row.comments,
        commissioningDate: row.commissioningDate ?? today(),
        completionDate: today(),
        version: sql`${installation.version} + 1`,
        updatedAt: new Date(),
        updatedBy: actor,
        submittedBy: actor,
        submittedAt: new Date(),
        reopenedAt: null,
      })
      .where(and(eq(installation.id, id), eq(installation.status, 'draft')))
      .returning();
    // Each submit signs a new report version; an earlier one's verification then points to it.
    const report = await createReport(tx as Db, done!);
    await recordHistory(tx as Db, row, actor, 'submitted', [
      { field: 'reportVersion', newValue: report.reportVersion },
      ...(row.proceededWithFailedChecks ? [{ field: 'proceededWithFailedChecks', newValue: true }] : []),
      ...(row.proceededWithFailedChecks && row.failedChecksReason ? [{ field: 'failedChecksReason', newValue: row.failedChecksReason }] : []),
    ]);
    return { row: done!, alreadyCompleted: false };
  });
  return { installation: await installationForCaller(db, row, caller), alreadyCompleted };
}

import { and, asc, desc, eq } from 'drizzle-orm';
import type { InstallationSummary } from '@portal/domain/summary';
import { UPLOAD_TYPES } from '@portal/domain/upload';
import { readAll, type Db } from '../../db/client';
import type { installation } from '../../db/schema';
import { company, installationReport, partner, systemCheck, systemCheckRun, upload, user } from '../../db/schema';
import { generalOf, getInstallationDetail } from '../installations/read-model';
import { findScopedInstallation } from '../installations/repository';

type InstallationRow = typeof installation.$inferSelect;

/**
 * Everything the summary tab shows. A completed installation shows the partner, the installer
 * company and the submitter as they were when it was submitted (its report's snapshot). Otherwise
 * the installer is who submitted a completed installation (or, for one completed before submitters
 * were recorded, who created it) and who created a draft; never the viewer.
 */
export async function buildSummary(db: Db, row: InstallationRow): Promise<InstallationSummary> {
  const [signed] =
    row.status === 'completed'
      ? await db
          .select({ snapshot: installationReport.snapshot })
          .from(installationReport)
          .where(and(eq(installationReport.installationId, row.id), eq(installationReport.installationVersion, row.version)))
          .orderBy(desc(installationReport.reportVersion))
          .limit(1)
      : [];
  const snapshot = signed?.snapshot ?? null;
  const installerId = snapshot ? null : ((row.status === 'completed' ? row.submittedBy : null) ?? row.createdBy);
  const [detail, uploads, run, installerRows, partnerRows] = await readAll(db, [
    () => getInstallationDetail(db, row),
    () => db.select({ id: upload.id, type: upload.type, name: upload.name }).from(upload).where(eq(upload.installationId, row.id)).orderBy(asc(upload.id)),
    () => db.select({ id: systemCheckRun.id }).from(systemCheckRun).where(eq(systemCheckRun.installationId, row.id)).orderBy(desc(systemCheckRun.id)).limit(1),
    () =>
      installerId
        ? db
            .select({ name: user.name, email: user.email, companyName: company.name, shortName: company.shortName, companyEmail: company.email })
            .from(user)
            .leftJoin(company, eq(company.id, user.companyId))
            .where(eq(user.id, installerId))
        : Promise.resolve([]),
    () => (!snapshot && row.partnerId ? db.select({ id: partner.id, name: partner.name, email: partner.email }).from(partner).where(eq(partner.id, row.partnerId)) : Promise.resolve([])),
  ]);
  const checks = run[0]
    ? await db
        .select({ type: systemCheck.type, status: systemCheck.status, createdAt: systemCheck.createdAt, imei: systemCheck.imei, controllerSerial: systemCheck.controllerSerial })
        .from(systemCheck)
        .where(eq(systemCheck.runId, run[0].id))
        .orderBy(asc(systemCheck.id))
    : [];
  const installer = installerRows[0];
  return {
    id: row.id,
    version: row.version,
    general: {
      ...generalOf(row),
      partner: snapshot ? snapshot.partner : (partnerRows[0] ?? null),
    },
    customer: detail.system.customer,
    installer: snapshot
      ? snapshot.installer
      : installer
      ? {
          companyName: installer.companyName ?? '',
          companyShortName: installer.shortName ?? '',
          companyEmail: installer.companyEmail ?? '',
          installerName: installer.name,
          installerEmail: installer.email,
        }
      : null,
    vehicle: detail.vehicle,
    pvSystem: { pvModuleCount: detail.system.pvModuleCount, pvModuleVersion: detail.system.pvModuleVersion, installedCapacity: detail.system.installedCapacity },
    chargeControllers: detail.system.chargeControllers,
    telematics: detail.system.telematics,
    setup: detail.system.chargeControllers.map((c) => {
      const inspection = detail.inspections.find((i) => i.chargeControllerSerial === c.serialNumber);
      return {
        serialNumber: c.serialNumber,
        pvModulesCount: c.pvModulesCount,
        activeChannelCount: c.activeChannelCount,
        inspection: inspection ? { powerLed: inspection.powerLed, statusLed: inspection.statusLed, faultLed: inspection.faultLed } : null,
      };
    }),
    uploads: UPLOAD_TYPES.map((type) => ({ type, files: uploads.filter((u) => u.type === type).map((u) => ({ id: u.id, name: u.name })) })).filter(
      (g) => g.files.length > 0,
    ),
    systemChecks: checks.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    customerDataConfirmed: row.customerDataConfirmed,
    summaryDataConfirmed: row.summaryDataConfirmed,
    proceededWithFailedChecks: row.proceededWithFailedChecks,
    failedChecksReason: row.proceededWithFailedChecks ? row.failedChecksReason : null,
  };
}

/** The summary of an installation in the caller's fleets; 404 otherwise. */
export async function readSummary(db: Db, fleetIds: number[], id: number): Promise<InstallationSummary> {
  return buildSummary(db, await findScopedInstallation(db, fleetIds, id));
}

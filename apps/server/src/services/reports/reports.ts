import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Verification } from '@portal/domain/history';
import { VERIFICATION_CODE_BYTES } from '@portal/domain/history';
import { DEFAULT_FLEET_TIME_ZONE } from '@portal/domain/time';
import type { Db } from '../../db/client';
import type { installation } from '../../db/schema';
import { company, fleet, installationReport, upload, user, vehicle } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../uploads/file-store';
import { findScopedInstallation } from '../installations/repository';
import { firstReopenAfter } from './history';
import { buildSummary } from './summary';

type InstallationRow = typeof installation.$inferSelect;
type ReportRow = typeof installationReport.$inferSelect;

/** 144 random bits, base64url: unguessable, and it says nothing about the installation. */
export const newVerificationCode = () => randomBytes(VERIFICATION_CODE_BYTES).toString('base64url');

/**
 * Signs the next report version of a completed installation: what the verification page shows is
 * kept as it is now (serial, VIN, completion date, the submitter's company).
 */
export async function createReport(tx: Db, row: InstallationRow): Promise<ReportRow> {
  const [[veh], [submitter], [latest]] = await Promise.all([
    row.vehicleId ? tx.select({ vin: vehicle.vin }).from(vehicle).where(eq(vehicle.id, row.vehicleId)) : Promise.resolve([]),
    row.submittedBy
      ? tx.select({ companyName: company.name }).from(user).leftJoin(company, eq(company.id, user.companyId)).where(eq(user.id, row.submittedBy))
      : Promise.resolve([]),
    tx.select({ v: sql<number>`coalesce(max(${installationReport.reportVersion}), 0)::int` }).from(installationReport).where(eq(installationReport.historyInstallationId, row.id)),
  ]);
  const [created] = await tx
    .insert(installationReport)
    .values({
      code: newVerificationCode(),
      installationId: row.id,
      historyInstallationId: row.id,
      fleetId: row.fleetId,
      reportVersion: (latest?.v ?? 0) + 1,
      installationVersion: row.version,
      systemSerial: row.systemSerial,
      vin: veh?.vin ?? null,
      completionDate: row.completionDate,
      companyName: submitter?.companyName ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Someone signed the same version at the same moment: theirs is the report.
  return (await currentReport(tx, row))!;
}

async function currentReport(db: Db, row: InstallationRow) {
  const [report] = await db
    .select()
    .from(installationReport)
    .where(and(eq(installationReport.installationId, row.id), eq(installationReport.installationVersion, row.version)))
    .orderBy(desc(installationReport.reportVersion))
    .limit(1);
  return report ?? null;
}

/** The report of the installation as it is now; one completed before reports existed gets its first one. */
export async function reportOf(db: Db, row: InstallationRow): Promise<ReportRow> {
  if (row.status !== 'completed') throw new AppError('INSTALLATION_NOT_COMPLETED', 'Only a completed installation has a report');
  return (await currentReport(db, row)) ?? db.transaction((tx) => createReport(tx as Db, row));
}

/** What the public verification page shows for a code; 404 for a code no report has. */
export async function verifyReport(db: Db, code: string): Promise<Verification> {
  const [report] = await db.select().from(installationReport).where(eq(installationReport.code, code)).limit(1);
  if (!report) throw new AppError('NOT_FOUND', 'No report has this verification code');
  const [[newer], reopened] = await Promise.all([
    db
      .select({ version: installationReport.reportVersion, at: installationReport.createdAt })
      .from(installationReport)
      .where(and(eq(installationReport.historyInstallationId, report.historyInstallationId), gt(installationReport.reportVersion, report.reportVersion)))
      .orderBy(desc(installationReport.reportVersion))
      .limit(1),
    firstReopenAfter(db, report.historyInstallationId, report.createdAt),
  ]);
  return {
    serialNumber: report.systemSerial,
    vin: report.vin,
    completionDate: report.completionDate,
    company: report.companyName,
    reportVersion: report.reportVersion,
    state: newer ? 'superseded' : reopened ? 'reopened' : 'valid',
    reopened,
    newerVersion: newer ? { version: newer.version, at: newer.at.toISOString() } : null,
  };
}

const PHOTO_FORMATS = new Set(['jpg', 'jpeg', 'png']);

/** Everything a report prints: the summary, its report version and code, and the photos' bytes. */
export async function reportContent(db: Db, store: FileStore | null, fleetIds: number[], id: number) {
  const row = await findScopedInstallation(db, fleetIds, id);
  const report = await reportOf(db, row);
  const [summary, files, [owner]] = await Promise.all([
    buildSummary(db, row),
    // Only the photos' bytes are read, as base64 text: the embedded database hands text over far
    // faster than bytea.
    db
      .select({
        id: upload.id,
        type: upload.type,
        name: upload.name,
        format: upload.format,
        base64: sql<string | null>`case when lower(${upload.format}) in ('jpg', 'jpeg', 'png') then encode(${upload.bytes}, 'base64') end`,
        storageKey: upload.storageKey,
      })
      .from(upload)
      .where(eq(upload.installationId, row.id))
      .orderBy(upload.id),
    db.select({ timeZone: fleet.timeZone }).from(fleet).where(eq(fleet.id, row.fleetId)),
  ]);
  const photos = await Promise.all(
    files
      .filter((f) => PHOTO_FORMATS.has(f.format.toLowerCase()))
      .map(async (f) => ({
        type: f.type,
        name: f.name,
        bytes: f.base64 !== null ? Buffer.from(f.base64, 'base64') : f.storageKey && store ? await store.get(f.storageKey) : null,
      })),
  );
  return {
    summary,
    report,
    /** The fleet's time zone: the report prints its times there. */
    timeZone: owner?.timeZone ?? DEFAULT_FLEET_TIME_ZONE,
    photos: photos.filter((p): p is typeof p & { bytes: Buffer } => p.bytes !== null),
    documents: files.filter((f) => !PHOTO_FORMATS.has(f.format.toLowerCase())).map((f) => ({ type: f.type, name: f.name })),
  };
}
export type ReportContent = Awaited<ReturnType<typeof reportContent>>;

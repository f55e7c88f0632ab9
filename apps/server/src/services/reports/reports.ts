import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Verification } from '@portal/domain/history';
import { VERIFICATION_CODE_BYTES } from '@portal/domain/history';
import { DEFAULT_FLEET_TIME_ZONE } from '@portal/domain/time';
import { readAll, type Db } from '../../db/client';
import type { installation } from '../../db/schema';
import type { Locale } from '@portal/domain/constants';
import { company, fleet, installationReport, partner, reportPdf as reportPdfTable, upload, user, vehicle, type SubmissionSnapshot } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../uploads/file-store';
import { findScopedInstallation } from '../installations/repository';
import { firstReopenAfter } from './history';
import { reportFileName } from './messages';
import type { ReportRenderer } from './report-renderer';
import type { ReportTask } from './report-worker';
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
  const [[veh], [submitter], [latest], [partnerRow]] = await readAll(tx, [
    () => (row.vehicleId ? tx.select({ vin: vehicle.vin }).from(vehicle).where(eq(vehicle.id, row.vehicleId)) : Promise.resolve([])),
    () =>
      row.submittedBy
        ? tx
            .select({ name: user.name, email: user.email, companyName: company.name, shortName: company.shortName, companyEmail: company.email })
            .from(user)
            .leftJoin(company, eq(company.id, user.companyId))
            .where(eq(user.id, row.submittedBy))
        : Promise.resolve([]),
    () => tx.select({ v: sql<number>`coalesce(max(${installationReport.reportVersion}), 0)::int` }).from(installationReport).where(eq(installationReport.historyInstallationId, row.id)),
    () => (row.partnerId ? tx.select({ id: partner.id, name: partner.name, email: partner.email }).from(partner).where(eq(partner.id, row.partnerId)) : Promise.resolve([])),
  ]);
  // What the record shows as submitted: later changes of the partner, the company or the person never reach it.
  const snapshot: SubmissionSnapshot = {
    partner: partnerRow ?? null,
    installer: submitter
      ? {
          companyName: submitter.companyName ?? '',
          companyShortName: submitter.shortName ?? '',
          companyEmail: submitter.companyEmail ?? '',
          installerName: submitter.name,
          installerEmail: submitter.email,
        }
      : null,
  };
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
      snapshot,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Someone signed the same version at the same moment: theirs is the report.
  return (await currentReport(tx, row))!;
}

export async function currentReport(db: Db, row: InstallationRow) {
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

/**
 * Everything a report prints: the summary as submitted, its report version and code, and each
 * photo's preview. Only a photo stored before previews existed is read whole, to be previewed by
 * the report worker.
 */
export async function reportTask(db: Db, store: FileStore | null, row: InstallationRow, report: ReportRow, locale: Locale, verifyUrl: string): Promise<ReportTask> {
  const [summary, files, [owner]] = await Promise.all([
    buildSummary(db, row),
    db
      // The previews as base64 text: the embedded database hands text over far faster than bytea.
      .select({
        id: upload.id,
        type: upload.type,
        name: upload.name,
        format: upload.format,
        preview: sql<string | null>`encode(${upload.preview}, 'base64')`,
        storageKey: upload.storageKey,
      })
      .from(upload)
      .where(eq(upload.installationId, row.id))
      .orderBy(upload.id),
    db.select({ timeZone: fleet.timeZone }).from(fleet).where(eq(fleet.id, row.fleetId)),
  ]);
  const photos = [];
  for (const f of files.filter((f) => PHOTO_FORMATS.has(f.format.toLowerCase()))) {
    let original: Buffer | null = null;
    if (f.preview === null) {
      const [stored] = await db.select({ bytes: upload.bytes }).from(upload).where(eq(upload.id, f.id));
      original = stored?.bytes ?? (f.storageKey && store ? await store.get(f.storageKey).catch(() => null) : null);
    }
    photos.push({ type: f.type, name: f.name, preview: f.preview === null ? null : Buffer.from(f.preview, 'base64'), original });
  }
  return {
    summary,
    report: { reportVersion: report.reportVersion, createdAt: report.createdAt },
    photos,
    documents: files.filter((f) => !PHOTO_FORMATS.has(f.format.toLowerCase())).map((f) => ({ type: f.type, name: f.name })),
    locale,
    verifyUrl,
    // The fleet's time zone: the report prints its times there.
    timeZone: owner?.timeZone ?? DEFAULT_FLEET_TIME_ZONE,
  };
}

const building = new Map<string, Promise<Buffer>>();

/**
 * The report of a completed installation as PDF, in a language. Built once per report version
 * (one installation version) and language, in the report worker, then kept: a second download is
 * a read. Two downloads at once of a report not yet kept wait for the same build.
 */
export async function reportPdf(
  db: Db,
  store: FileStore | null,
  renderer: ReportRenderer,
  fleetIds: number[],
  id: number,
  locale: Locale,
  verifyUrlOf: (code: string) => string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await findScopedInstallation(db, fleetIds, id);
  const report = await reportOf(db, row);
  const fileName = reportFileName(report.systemSerial, report.reportVersion, locale);
  const [kept] = await db
    .select({ base64: sql<string>`encode(${reportPdfTable.bytes}, 'base64')` })
    .from(reportPdfTable)
    .where(and(eq(reportPdfTable.reportId, report.id), eq(reportPdfTable.locale, locale)));
  if (kept) return { pdf: Buffer.from(kept.base64, 'base64'), fileName };
  const key = `${report.id}:${locale}`;
  let build = building.get(key);
  if (!build) {
    build = (async () => {
      const pdf = await renderer.render(await reportTask(db, store, row, report, locale, verifyUrlOf(report.code)));
      await db.execute(sql`insert into ${reportPdfTable} (report_id, locale, bytes) values (${report.id}, ${locale}, decode(${pdf.toString('base64')}, 'base64')) on conflict do nothing`);
      return pdf;
    })().finally(() => building.delete(key));
    building.set(key, build);
  }
  return { pdf: await build, fileName };
}

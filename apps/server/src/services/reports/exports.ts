import { stringify } from 'csv-stringify/sync';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InstallationListQuery } from '@portal/domain/installation';
import { neutraliseRow } from '@portal/domain/spreadsheet';
import type { Db } from '../../db/client';
import { installation, user, vehicle } from '../../db/schema';
import { fleetHistory } from './history';
import { listConditions } from '../installations/read-model';
import type { Caller } from '../installations/repository';

/** More rows than any fleet has; an export never holds the process with millions. */
const EXPORT_MAX_ROWS = 50_000;

export const INSTALLATION_EXPORT_COLUMNS = [
  'id',
  'name',
  'systemSerialNumber',
  'status',
  'startDate',
  'commissioningDate',
  'completionDate',
  'proceededWithFailedChecks',
  'vehicleType',
  'manufacturer',
  'model',
  'vin',
  'licensePlate',
  'createdBy',
  'submittedBy',
  'submittedAt',
  'updatedAt',
] as const;

type Cell = string | number | boolean | null;

/** The fleet's installations the list's search and filters select, newest first, one row each. */
export async function installationExportRows(db: Db, fleetId: number, query: Omit<InstallationListQuery, 'fleet'>, caller: Caller): Promise<Cell[][]> {
  const creator = alias(user, 'creator');
  const submitter = alias(user, 'submitter');
  const rows = await db
    .select({ i: installation, v: vehicle, creatorEmail: creator.email, submitterEmail: submitter.email })
    .from(installation)
    .leftJoin(vehicle, eq(vehicle.id, installation.vehicleId))
    .leftJoin(creator, eq(creator.id, installation.createdBy))
    .leftJoin(submitter, eq(submitter.id, installation.submittedBy))
    .where(listConditions(fleetId, query, caller))
    .orderBy(desc(installation.createdAt), desc(installation.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(({ i, v, creatorEmail, submitterEmail }) => [
    i.id,
    i.name,
    i.systemSerial,
    i.status,
    i.startDate,
    i.commissioningDate,
    i.completionDate,
    i.proceededWithFailedChecks,
    v?.type ?? null,
    v?.manufacturer ?? null,
    v?.model ?? null,
    v?.vin ?? null,
    v?.licensePlate ?? null,
    creatorEmail,
    submitterEmail,
    i.submittedAt?.toISOString() ?? null,
    i.updatedAt.toISOString(),
  ]);
}

/** CSV with a header row; every text cell defused against formula injection. */
export function toCsv(columns: readonly string[], rows: Cell[][]): string {
  return stringify(
    rows.map((r) => neutraliseRow(r)),
    { header: true, columns: [...columns], cast: { boolean: (b) => (b ? 'true' : 'false') } },
  );
}

/** The same table as an Excel workbook. */
export async function toXlsx(columns: readonly string[], rows: Cell[][]): Promise<Buffer> {
  const header = columns.map((c) => ({ value: c, fontWeight: 'bold' as const }));
  const body = rows.map((r) => neutraliseRow(r).map((value) => ({ value: value ?? undefined })));
  const { default: writeExcelFile } = await import('write-excel-file/node');
  return writeExcelFile([header, ...body] as never).toBuffer();
}

export const HISTORY_EXPORT_COLUMNS = ['at', 'installationId', 'systemSerialNumber', 'action', 'field', 'oldValue', 'newValue', 'actorName', 'actorEmail'] as const;

/** A fleet's history between two days as CSV, oldest first. */
export async function fleetHistoryCsv(db: Db, fleetId: number, from: string, to: string): Promise<string> {
  const rows = await fleetHistory(db, fleetId, from, to);
  return toCsv(
    HISTORY_EXPORT_COLUMNS,
    rows.map((r) => [r.at.toISOString(), r.installationId, r.systemSerial, r.action, r.field, r.oldValue, r.newValue, r.actorName, r.actorEmail]),
  );
}


import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InstallationListQuery } from '@portal/domain/installation';
import type { Db } from '../../db/client';
import { installation, user, vehicle } from '../../db/schema';
import { fleetHistory } from './history';
import { listConditions } from '../installations/read-model';
import { runSpreadsheetJob } from './spreadsheet-jobs';
import type { Cell } from './spreadsheet-worker';
import type { Caller } from '../installations/repository';

/** More rows than any fleet has; an export never holds the process with millions. */
const EXPORT_MAX_ROWS = 50_000;
const EXPORT_CHUNK_ROWS = 1000;

export const INSTALLATION_EXPORT_COLUMNS = [
  'id',
  'name',
  'systemSerialNumber',
  'status',
  'startDate',
  'commissioningDate',
  'completionDate',
  'proceededWithFailedChecks',
  'failedChecksReason',
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


/** The fleet's installations the list's search and filters select, newest first, one row each. */
export async function installationExportRows(db: Db, fleetId: number, query: Omit<InstallationListQuery, 'fleet'>, caller: Caller): Promise<Cell[][]> {
  const creator = alias(user, 'creator');
  const submitter = alias(user, 'submitter');
  // The order first (ids only), then the rows in chunks, each read and mapped in a few milliseconds:
  // 50,000 rows never hold the thread that answers requests at once.
  const order = await db
    .select({ id: installation.id })
    .from(installation)
    .where(listConditions(fleetId, query, caller))
    .orderBy(desc(installation.createdAt), desc(installation.id))
    .limit(EXPORT_MAX_ROWS);
  const rows: Cell[][] = [];
  for (let at = 0; at < order.length; at += EXPORT_CHUNK_ROWS) {
    const ids = order.slice(at, at + EXPORT_CHUNK_ROWS).map((r) => r.id);
    const chunk = await db
      .select({ i: installation, v: vehicle, creatorEmail: creator.email, submitterEmail: submitter.email })
      .from(installation)
      .leftJoin(vehicle, eq(vehicle.id, installation.vehicleId))
      .leftJoin(creator, eq(creator.id, installation.createdBy))
      .leftJoin(submitter, eq(submitter.id, installation.submittedBy))
      .where(inArray(installation.id, ids));
    const byId = new Map(chunk.map((r) => [r.i.id, r]));
    // Each chunk becomes cells as it comes, so no single step maps all 50,000 rows at once.
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const { i, v, creatorEmail, submitterEmail } = row;
      rows.push([
        i.id,
        i.name,
        i.systemSerial,
        i.status,
        i.startDate,
        i.commissioningDate,
        i.completionDate,
        i.proceededWithFailedChecks,
        i.failedChecksReason,
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
    await yieldToRequests();
  }
  return rows;
}

/** CSV with a header row; every text cell defused against formula injection. Made in a worker thread. */
export const toCsv = (columns: readonly string[], rows: Cell[][]): Promise<string> => runSpreadsheetJob({ kind: 'csv', columns, rows });

/** The same table as an Excel workbook, made in a worker thread. */
export const toXlsx = (columns: readonly string[], rows: Cell[][]): Promise<Buffer> => runSpreadsheetJob({ kind: 'xlsx', columns, rows });

export const HISTORY_EXPORT_COLUMNS = ['at', 'installationId', 'systemSerialNumber', 'action', 'field', 'oldValue', 'newValue', 'actorName', 'actorEmail'] as const;

/** A fleet's history between two days as CSV, oldest first. */
export async function fleetHistoryCsv(db: Db, fleetId: number, from: string, to: string): Promise<string> {
  const rows = await fleetHistory(db, fleetId, from, to);
  return toCsv(
    HISTORY_EXPORT_COLUMNS,
    rows.map((r) => [r.at.toISOString(), r.installationId, r.systemSerial, r.action, r.field, r.oldValue, r.newValue, r.actorName, r.actorEmail]),
  );
}


import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { neutraliseRow } from '@portal/domain/spreadsheet';
import {
  type RegistrySystem,
  groupRegistryRows,
  REGISTRY_CSV_COLUMNS,
  rowError,
  type ImportReport,
  type RegistryRow,
} from '@portal/domain/registry';
import type { Db } from '../../db/client';
import { chargeController, system, telematicsUnit } from '../../db/schema';
import { AppError } from '../../errors';
import { runSpreadsheetJob } from '../reports/spreadsheet-jobs';

export { MAX_IMPORT_ROWS } from './registry-csv';

/** Dry run or all-or-nothing import of systems into a fleet. */
export async function importRegistry(db: Db, fleetId: number, csv: string, dryRun: boolean): Promise<ImportReport> {
  // Parsing and checking up to 5 MB of text runs in a worker thread, off the thread that answers requests.
  const { total, rows, errors } = await runSpreadsheetJob({ kind: 'registryCsv', text: csv });
  const grouped = groupRegistryRows(rows);
  errors.push(...grouped.errors);
  const lineOf = (predicate: (r: RegistryRow) => boolean) => rows.find((r) => predicate(r.row))?.line ?? 1;

  return db.transaction(async (tx) => {
    // One import at a time: the uniqueness checks below then hold until commit.
    await tx.execute(sql`select pg_advisory_xact_lock(727277)`);
    const serials = grouped.systems.map((s) => s.serialNumber.toLowerCase());
    const controllers = grouped.systems.flatMap((s) => s.controllers.map((c) => c.serialNumber));
    const imeis = grouped.systems.flatMap((s) => s.telematics.map((t) => t.imei));
    if (serials.length) {
      for (const s of await tx.select({ serial: system.serialNumber }).from(system).where(inArray(sql`lower(${system.serialNumber})`, serials))) {
        errors.push(rowError(lineOf((r) => r.serial_number.toLowerCase() === s.serial.toLowerCase()), { code: 'systemExists', params: { serial: s.serial } }));
      }
    }
    if (controllers.length) {
      for (const c of await tx.select({ serial: chargeController.serialNumber }).from(chargeController).where(inArray(chargeController.serialNumber, controllers))) {
        errors.push(rowError(lineOf((r) => r.controller_serial === c.serial), { code: 'controllerExists', params: { serial: c.serial } }));
      }
    }
    if (imeis.length) {
      for (const t of await tx.select({ imei: telematicsUnit.imei }).from(telematicsUnit).where(inArray(telematicsUnit.imei, imeis))) {
        errors.push(rowError(lineOf((r) => r.imei === t.imei), { code: 'imeiExists', params: { imei: t.imei } }));
      }
    }
    errors.sort((a, b) => a.line - b.line);
    const report = {
      dryRun,
      rows: total,
      systems: grouped.systems.length,
      controllers: controllers.length,
      errors,
      imported: false,
    };
    if (dryRun) return report;
    if (errors.length) throw new AppError('UNPROCESSABLE', `The file has ${errors.length} problem(s); nothing was imported`, report);
    for (const s of grouped.systems) await insertSystem(tx as Db, fleetId, s);
    return { ...report, imported: true };
  });
}

/** Adds one system of the product registry to a fleet, with its charge controllers and telematics units. */
export async function insertSystem(db: Db, fleetId: number, s: RegistrySystem): Promise<void> {
  const [created] = await db
    .insert(system)
    .values({
      serialNumber: s.serialNumber,
      fleetId,
      pvModuleCount: s.pvModuleCount,
      pvModuleVersion: s.pvModuleVersion,
      installedCapacityWp: s.installedCapacityWp,
      controllerQuantity: s.controllers.length,
    })
    .returning({ id: system.id });
  if (s.controllers.length) await db.insert(chargeController).values(s.controllers.map((c) => ({ ...c, systemId: created!.id })));
  if (s.telematics.length) await db.insert(telematicsUnit).values(s.telematics.map((t) => ({ ...t, systemId: created!.id })));
}

export async function listRegistry(db: Db, fleetId: number, query: { page: number; pageSize: number; q?: string }) {
  const where = and(eq(system.fleetId, fleetId), query.q ? ilike(system.serialNumber, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const [systems, [total]] = await Promise.all([
    db
      .select()
      .from(system)
      .where(where)
      .orderBy(asc(system.serialNumber))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(system).where(where),
  ]);
  const ids = systems.map((s) => s.id);
  const [controllers, units] = ids.length
    ? await Promise.all([
        db.select().from(chargeController).where(inArray(chargeController.systemId, ids)).orderBy(asc(chargeController.serialNumber)),
        db.select().from(telematicsUnit).where(inArray(telematicsUnit.systemId, ids)).orderBy(asc(telematicsUnit.id)),
      ])
    : [[], []];
  return {
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    items: systems.map((s) => ({
      serialNumber: s.serialNumber,
      pvModuleCount: s.pvModuleCount,
      pvModuleVersion: s.pvModuleVersion,
      installedCapacity: s.installedCapacityWp,
      controllerQuantity: s.controllerQuantity,
      chargeControllers: controllers
        .filter((c) => c.systemId === s.id)
        .map((c) => ({ serialNumber: c.serialNumber, type: c.type, hardwareVersion: c.hardwareVersion, firmwareVersion: c.firmwareVersion })),
      telematics: units.filter((t) => t.systemId === s.id).map((t) => ({ unit: t.unit, imei: t.imei, iccid: t.iccid })),
    })),
  };
}

/** The fleet's registry as CSV in the import format (one row per controller). */
export async function exportRegistry(db: Db, fleetId: number): Promise<string> {
  const rows = await db
    .select({ system, controller: chargeController })
    .from(system)
    .innerJoin(chargeController, eq(chargeController.systemId, system.id))
    .where(eq(system.fleetId, fleetId))
    .orderBy(asc(system.serialNumber), asc(chargeController.serialNumber));
  const units = await db
    .select()
    .from(telematicsUnit)
    .innerJoin(system, eq(system.id, telematicsUnit.systemId))
    .where(eq(system.fleetId, fleetId))
    .orderBy(asc(telematicsUnit.id));
  // The n-th controller row of a system carries its n-th telematics unit, as the import reads it.
  const rowIndex = new Map<number, number>();
  return stringify(
    rows.map(({ system: s, controller: c }) => {
      const n = rowIndex.get(s.id) ?? 0;
      rowIndex.set(s.id, n + 1);
      const unit = units.filter((u) => u.telematics_unit.systemId === s.id)[n]?.telematics_unit;
      // Text a spreadsheet would run as a formula is defused.
      return neutraliseRow([s.serialNumber, s.pvModuleCount, s.pvModuleVersion, s.installedCapacityWp, c.serialNumber, c.type, c.hardwareVersion, c.firmwareVersion, unit?.unit ?? '', unit?.imei ?? '', unit?.iccid ?? '']);
    }),
    { header: true, columns: [...REGISTRY_CSV_COLUMNS] },
  );
}

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
import { readAll, type Db } from '../../db/client';
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
    // A system already in this fleet's registry may come again (a master file imported once more): it is
    // unchanged, or its versions, unit names and ICCIDs are updated. Its parts count as its own below.
    const existing = serials.length ? await registeredSystems(tx as Db, fleetId, serials) : new Map<string, RegisteredSystem>();
    const kept = new Set<number>();
    const changes: { id: number; system: RegistrySystem }[] = [];
    let unchanged = 0;
    for (const s of grouped.systems) {
      const found = existing.get(s.serialNumber.toLowerCase());
      if (!found) continue;
      const line = lineOf((r) => r.serial_number.toLowerCase() === s.serialNumber.toLowerCase());
      if (found.fleetId !== fleetId) {
        errors.push(rowError(line, { code: 'systemExists', params: { serial: found.serial } }));
      } else if (!isSameShape(found, s)) {
        errors.push(rowError(line, { code: 'systemDiffers', params: { serial: found.serial } }));
      } else {
        kept.add(found.id);
        if (isSameValues(found, s)) unchanged++;
        else changes.push({ id: found.id, system: s });
      }
    }
    const isNew = (s: RegistrySystem) => !existing.has(s.serialNumber.toLowerCase());
    const controllers = grouped.systems.flatMap((s) => s.controllers.map((c) => c.serialNumber));
    const newControllers = grouped.systems.filter(isNew).flatMap((s) => s.controllers.map((c) => c.serialNumber));
    const newImeis = grouped.systems.filter(isNew).flatMap((s) => s.telematics.map((t) => t.imei));
    if (newControllers.length) {
      for (const c of await tx.select({ serial: chargeController.serialNumber }).from(chargeController).where(inArray(chargeController.serialNumber, newControllers))) {
        errors.push(rowError(lineOf((r) => r.controller_serial === c.serial), { code: 'controllerExists', params: { serial: c.serial } }));
      }
    }
    if (newImeis.length) {
      for (const t of await tx.select({ imei: telematicsUnit.imei }).from(telematicsUnit).where(inArray(telematicsUnit.imei, newImeis))) {
        errors.push(rowError(lineOf((r) => r.imei === t.imei), { code: 'imeiExists', params: { imei: t.imei } }));
      }
    }
    errors.sort((a, b) => a.line - b.line);
    const added = grouped.systems.filter(isNew).length;
    const report = {
      dryRun,
      rows: total,
      systems: grouped.systems.length,
      controllers: controllers.length,
      added,
      updated: changes.length,
      unchanged,
      errors,
      imported: false,
    };
    if (dryRun) return report;
    if (errors.length) throw new AppError('UNPROCESSABLE', `The file has ${errors.length} problem(s); nothing was imported`, report);
    for (const s of grouped.systems.filter(isNew)) await insertSystem(tx as Db, fleetId, s);
    for (const change of changes) await updateSystem(tx as Db, change.id, change.system);
    return { ...report, imported: true };
  });
}

type RegisteredSystem = {
  id: number;
  fleetId: number;
  serial: string;
  pvModuleCount: number;
  pvModuleVersion: string;
  installedCapacityWp: number;
  controllers: { serialNumber: string; type: string; hardwareVersion: string; firmwareVersion: string }[];
  telematics: { unit: string; imei: string; iccid: string }[];
};

/** The registered systems with these serial numbers (lower case), with their parts, by lower-case serial. */
async function registeredSystems(db: Db, fleetId: number, serials: string[]): Promise<Map<string, RegisteredSystem>> {
  const systems = await db
    .select({ id: system.id, fleetId: system.fleetId, serial: system.serialNumber, pvModuleCount: system.pvModuleCount, pvModuleVersion: system.pvModuleVersion, installedCapacityWp: system.installedCapacityWp })
    .from(system)
    .where(inArray(sql`lower(${system.serialNumber})`, serials));
  const ids = systems.filter((s) => s.fleetId === fleetId).map((s) => s.id);
  const [controllers, units] = ids.length
    ? await readAll(db, [
        () =>
          db
            .select({ systemId: chargeController.systemId, serialNumber: chargeController.serialNumber, type: chargeController.type, hardwareVersion: chargeController.hardwareVersion, firmwareVersion: chargeController.firmwareVersion })
            .from(chargeController)
            .where(inArray(chargeController.systemId, ids)),
        () => db.select({ systemId: telematicsUnit.systemId, unit: telematicsUnit.unit, imei: telematicsUnit.imei, iccid: telematicsUnit.iccid }).from(telematicsUnit).where(inArray(telematicsUnit.systemId, ids)),
      ])
    : [[], []];
  return new Map(
    systems.map((s) => [
      s.serial.toLowerCase(),
      { ...s, controllers: controllers.filter((c) => c.systemId === s.id), telematics: units.filter((u) => u.systemId === s.id) },
    ]),
  );
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The same controllers (and types), telematics units, PV module count and capacity: only versions, unit names and ICCIDs may differ. */
function isSameShape(found: RegisteredSystem, s: RegistrySystem): boolean {
  return (
    found.pvModuleCount === s.pvModuleCount &&
    found.installedCapacityWp === s.installedCapacityWp &&
    sameSet(found.controllers.map((c) => `${c.serialNumber}:${c.type}`), s.controllers.map((c) => `${c.serialNumber}:${c.type}`)) &&
    sameSet(found.telematics.map((t) => t.imei), s.telematics.map((t) => t.imei))
  );
}

function isSameValues(found: RegisteredSystem, s: RegistrySystem): boolean {
  const controllers = (list: { serialNumber: string; hardwareVersion: string; firmwareVersion: string }[]) => list.map((c) => `${c.serialNumber}:${c.hardwareVersion}:${c.firmwareVersion}`);
  const units = (list: { unit: string; imei: string; iccid: string }[]) => list.map((t) => `${t.imei}:${t.unit}:${t.iccid}`);
  return found.pvModuleVersion === s.pvModuleVersion && sameSet(controllers(found.controllers), controllers(s.controllers)) && sameSet(units(found.telematics), units(s.telematics));
}

/** Writes a registered system's new versions, unit names and ICCIDs. */
async function updateSystem(db: Db, id: number, s: RegistrySystem): Promise<void> {
  await db.update(system).set({ pvModuleVersion: s.pvModuleVersion }).where(eq(system.id, id));
  for (const c of s.controllers) {
    await db
      .update(chargeController)
      .set({ hardwareVersion: c.hardwareVersion, firmwareVersion: c.firmwareVersion })
      .where(and(eq(chargeController.systemId, id), eq(chargeController.serialNumber, c.serialNumber)));
  }
  for (const t of s.telematics) {
    await db.update(telematicsUnit).set({ unit: t.unit, iccid: t.iccid }).where(and(eq(telematicsUnit.systemId, id), eq(telematicsUnit.imei, t.imei)));
  }
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

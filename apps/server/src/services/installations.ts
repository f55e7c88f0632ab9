import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CreateInstallation, Installation, InstallationList, InstallationListQuery, UpdateInstallation } from '@portal/domain/installation';
import { canDeleteInstallation, CreateInstallationSchema, InstallationListQuerySchema, UpdateInstallationSchema } from '@portal/domain/installation';
import type { ControllerSetup, ControllerSetupResult, InstallationSetup, PhysicalInspection } from '@portal/domain/setup';
import { isActiveChannelCountValid, isPvModuleSumValid } from '@portal/domain/setup';
import type { System } from '@portal/domain/system';
import type { Vehicle, VehicleData } from '@portal/domain/vehicle';
import type { SignedInUser } from '../auth/id-token';
import { rowsOf, type Db } from '../db/client';
import { chargeController, fleet, installation, partner, physicalInspection, system, upload, user, vehicle } from '../db/schema';
import { queueUnreferencedObjects } from './object-deletions';
import { AppError, notFound } from '../errors';

type InstallationRow = typeof installation.$inferSelect;
type Tx = Db;
/** The signed-in caller, with the roles of their fleets. */
export type Caller = Pick<SignedInUser, 'userId' | 'fleets'>;

/** The domain's delete rule for this caller, with their role in the installation's fleet. */
const callerMayDelete = (row: Pick<InstallationRow, 'status' | 'createdBy' | 'fleetId'>, caller: Caller) =>
  canDeleteInstallation(row, { userId: caller.userId, role: caller.fleets.find((f) => f.id === row.fleetId)?.role });

const searchTextOf = (name: string, serial: string, vin: string | null | undefined) => [name, serial, vin ?? ''].join(' ').toLowerCase();

/** The installation if it belongs to one of the caller's fleets; 404 otherwise. */
export async function findScopedInstallation(db: Db, fleetIds: number[], id: number, options: { forUpdate?: boolean } = {}) {
  if (fleetIds.length === 0) throw notFound('Installation');
  const query = db
    .select()
    .from(installation)
    .where(and(eq(installation.id, id), inArray(installation.fleetId, fleetIds)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Installation');
  return row;
}

export function assertDraft(row: InstallationRow) {
  if (row.status !== 'draft') throw new AppError('INSTALLATION_COMPLETED', 'This installation is completed and can no longer be changed');
}

/** Checks that a write may change the installation: still a draft, and based on the current version. */
export function assertWritable(row: InstallationRow, version: number) {
  assertDraft(row);
  if (row.version !== version) {
    throw new AppError('VERSION_CONFLICT', 'Someone else changed this installation. Reload it to see their changes.', {
      currentVersion: row.version,
    });
  }
}

/** Every change of an installation says who made it and when (updatedBy, updatedAt). */
async function bumpVersion(tx: Tx, id: number, actor: string, set: Partial<typeof installation.$inferInsert> = {}) {
  const [row] = await tx
    .update(installation)
    .set({ ...set, version: sql`${installation.version} + 1`, updatedAt: new Date(), updatedBy: actor })
    .where(eq(installation.id, id))
    .returning();
  return row!;
}

/** A system with its customer, controllers and telematics as one JSON value, built by the database. */
const systemJson = (systemId: SQL) => sql`(
  select json_build_object(
    'serialNumber', s.serial_number,
    'customer', json_build_object('name', f.customer_name, 'primaryContact', f.primary_contact, 'emailAddress', f.email),
    'pvModuleCount', s.pv_module_count,
    'pvModuleVersion', s.pv_module_version,
    'installedCapacity', s.installed_capacity_wp,
    'controllerQuantity', s.controller_quantity,
    'chargeControllers', coalesce((
      select json_agg(json_build_object(
        'id', c.id, 'serialNumber', c.serial_number, 'type', c.type, 'hardwareVersion', c.hardware_version,
        'firmwareVersion', c.firmware_version, 'channelCount', c.channel_count,
        'pvModulesCount', c.pv_modules_count, 'activeChannelCount', c.active_channel_count) order by c.serial_number)
      from charge_controller c where c.system_id = s.id), '[]'::json),
    'telematics', coalesce((
      select json_agg(json_build_object('unit', t.unit, 'imei', t.imei, 'iccid', t.iccid) order by t.id)
      from telematics_unit t where t.system_id = s.id), '[]'::json))
  from system s join fleet f on f.id = s.fleet_id where s.id = ${systemId})`;

export async function loadSystem(db: Db, systemId: number): Promise<System> {
  const [row] = rowsOf<{ system: System | null }>(await db.execute(sql`select ${systemJson(sql`${systemId}`)} as system`));
  if (!row?.system) throw notFound('System');
  return row.system;
}

export async function findScopedSystem(db: Db, fleetIds: number[], serialNumber: string) {
  if (fleetIds.length === 0) return null;
  const [row] = await db
    .select()
    .from(system)
    .where(and(sql`lower(${system.serialNumber}) = lower(${serialNumber.trim()})`, inArray(system.fleetId, fleetIds)))
    .limit(1);
  return row ?? null;
}

export const toVehicle = (v: typeof vehicle.$inferSelect) => ({
  id: v.id,
  type: v.type,
  manufacturer: v.manufacturer,
  model: v.model,
  year: v.year,
  transmission: v.transmission,
  batteryType: v.batteryType,
  batteryCapacity: v.batteryCapacity,
  batteryCapacityUnit: v.batteryCapacityUnit,
  vin: v.vin,
  licensePlate: v.licensePlate,
  mileage: v.mileage,
  city: v.city,
});

/** The whole installation as the wizard reads it, in one round trip. */
export async function getInstallationDetail(db: Db, row: InstallationRow): Promise<Omit<Installation, 'canDelete'>> {
  const [extra] = rowsOf<{ fleet: string; system: System; vehicle: Vehicle | null; inspections: Installation['inspections'] }>(
    await db.execute(sql`
      select
        (select slug from fleet where id = ${row.fleetId}) as fleet,
        ${systemJson(sql`${row.systemId}`)} as system,
        (select json_build_object(
            'id', v.id, 'type', v.type, 'manufacturer', v.manufacturer, 'model', v.model, 'year', v.year,
            'transmission', v.transmission, 'batteryType', v.battery_type, 'batteryCapacity', v.battery_capacity,
            'batteryCapacityUnit', v.battery_capacity_unit, 'vin', v.vin, 'licensePlate', v.license_plate,
            'mileage', v.mileage, 'city', v.city)
          from vehicle v where v.id = ${row.vehicleId}) as vehicle,
        coalesce((
          select json_agg(json_build_object(
              'chargeControllerSerial', c.serial_number, 'powerLed', p.power_led, 'statusLed', p.status_led, 'faultLed', p.fault_led)
            order by c.serial_number)
          from physical_inspection p join charge_controller c on c.id = p.charge_controller_id
          where p.installation_id = ${row.id}), '[]'::json) as inspections`),
  );
  return {
    id: row.id,
    fleet: extra!.fleet,
    name: row.name,
    systemSerialNumber: row.systemSerial,
    startDate: row.startDate,
    commissioningDate: row.commissioningDate,
    completionDate: row.completionDate,
    comments: row.comments,
    status: row.status,
    customerDataConfirmed: row.customerDataConfirmed,
    systemDataConfirmed: row.systemDataConfirmed,
    summaryDataConfirmed: row.summaryDataConfirmed,
    proceededWithFailedChecks: row.proceededWithFailedChecks,
    vehicleId: row.vehicleId,
    partnerId: row.partnerId,
    vehicle: extra!.vehicle,
    system: extra!.system,
    inspections: extra!.inspections,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The installation as the API answers it to this caller: the detail and what the caller may do. */
export async function installationForCaller(db: Db, row: InstallationRow, caller: Caller): Promise<Installation> {
  return { ...(await getInstallationDetail(db, row)), canDelete: callerMayDelete(row, caller) };
}

const SORT_COLUMNS = {
  name: installation.name,
  systemSerialNumber: installation.systemSerial,
  startDate: installation.startDate,
  status: installation.status,
  createdAt: installation.createdAt,
} as const;

/** One page of a fleet's installations; search by name, serial number or VIN. */
export async function listInstallations(db: Db, fleetId: number, rawQuery: InstallationListQuery, caller: Caller): Promise<InstallationList> {
  const query = InstallationListQuerySchema.parse(rawQuery);
  const conditions: SQL[] = [eq(installation.fleetId, fleetId)];
  if (query.mine === 'true') conditions.push(eq(installation.createdBy, caller.userId));
  if (query.q) {
    const escaped = query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(ilike(installation.searchText, `%${escaped}%`));
  }
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  // Deferred join: the page's ids come from the index alone; only those 20 rows are joined.
  const page = db
    .select({ id: installation.id })
    .from(installation)
    .where(where)
    .orderBy(direction(column), direction(installation.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const [items, [totalRow]] = await Promise.all([
    db
      .select({
        id: installation.id,
        name: installation.name,
        systemSerialNumber: installation.systemSerial,
        startDate: installation.startDate,
        status: installation.status,
        proceededWithFailedChecks: installation.proceededWithFailedChecks,
        updatedAt: installation.updatedAt,
        createdBy: installation.createdBy,
        vehicleType: vehicle.type,
        manufacturer: vehicle.manufacturer,
        model: vehicle.model,
        vin: vehicle.vin,
        creatorName: user.name,
        creatorEmail: user.email,
      })
      .from(page)
      .innerJoin(installation, eq(installation.id, page.id))
      .leftJoin(vehicle, eq(vehicle.id, installation.vehicleId))
      .leftJoin(user, eq(user.id, installation.createdBy))
      .orderBy(direction(column), direction(installation.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(installation).where(where),
  ]);
  return {
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      systemSerialNumber: i.systemSerialNumber,
      startDate: i.startDate,
      status: i.status,
      proceededWithFailedChecks: i.proceededWithFailedChecks,
      updatedAt: i.updatedAt.toISOString(),
      canDelete: callerMayDelete({ status: i.status, createdBy: i.createdBy, fleetId }, caller),
      vehicle: i.vehicleType ? { type: i.vehicleType, manufacturer: i.manufacturer!, model: i.model!, vin: i.vin! } : null,
      createdBy: i.creatorEmail ? { name: i.creatorName!, email: i.creatorEmail } : null,
    })),
    total: Number(totalRow?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A partner may only be one of the installer's own company. */
async function assertOwnPartner(db: Db, companyId: number | null, partnerId: number | null | undefined) {
  if (partnerId == null) return;
  const [row] = companyId ? await db.select({ id: partner.id }).from(partner).where(and(eq(partner.id, partnerId), eq(partner.companyId, companyId))) : [];
  if (!row) throw notFound('Partner');
}

/**
 * Creates the installation in the fleet of its system. When the request names a fleet
 * (`fleetId`, already checked to be the caller's), a system of another of the caller's fleets is
 * refused with SYSTEM_IN_OTHER_FLEET, naming that fleet, so the installer decides where it goes.
 */
export async function createInstallation(
  db: Db,
  fleetIds: number[],
  userId: string,
  input: CreateInstallation,
  companyId: number | null = null,
  fleetId: number | null = null,
) {
  const data = CreateInstallationSchema.parse(input);
  return db.transaction(async (tx) => {
    await assertOwnPartner(tx as Db, companyId, data.partnerId);
    const target = await findScopedSystem(tx as Db, fleetIds, data.systemSerialNumber);
    if (!target) {
      throw new AppError('SYSTEM_NOT_FOUND', 'System with this product serial number has not been found', { field: 'systemSerialNumber' });
    }
    if (fleetId !== null && target.fleetId !== fleetId) {
      const [owner] = await tx.select({ slug: fleet.slug, name: fleet.name }).from(fleet).where(eq(fleet.id, target.fleetId));
      throw new AppError('SYSTEM_IN_OTHER_FLEET', `${target.serialNumber} belongs to ${owner!.name}. Name that fleet to record it there.`, {
        field: 'systemSerialNumber',
        serialNumber: target.serialNumber,
        fleet: owner!.slug,
        fleetName: owner!.name,
      });
    }
    const [created] = await tx
      .insert(installation)
      .values({
        fleetId: target.fleetId,
        systemId: target.id,
        systemSerial: target.serialNumber,
        createdBy: userId,
        updatedBy: userId,
        name: data.name,
        startDate: data.startDate,
        comments: data.comments,
        partnerId: data.partnerId ?? null,
        searchText: searchTextOf(data.name, target.serialNumber, null),
      })
      .onConflictDoNothing({ target: installation.systemId })
      .returning();
    if (!created) {
      throw new AppError('SYSTEM_ALREADY_INSTALLED', 'The system with this product serial number already exists', { field: 'systemSerialNumber' });
    }
    return created;
  });
}

export async function updateInstallation(db: Db, fleetIds: number[], actor: string, id: number, input: UpdateInstallation, companyId: number | null = null) {
  const data = UpdateInstallationSchema.parse(input);
  return db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, fleetIds, id, { forUpdate: true });
    assertWritable(row, data.version);
    await assertOwnPartner(tx as Db, companyId, data.partnerId);
    const name = data.name ?? row.name;
    let vin: string | null = null;
    if (row.vehicleId) [{ vin }] = (await tx.select({ vin: vehicle.vin }).from(vehicle).where(eq(vehicle.id, row.vehicleId))) as [{ vin: string }];
    return bumpVersion(tx as Db, id, actor, {
      ...(data.startDate !== undefined ? { startDate: data.startDate } : {}),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.comments !== undefined ? { comments: data.comments } : {}),
      ...(data.partnerId !== undefined ? { partnerId: data.partnerId } : {}),
      ...(data.customerDataConfirmed !== undefined ? { customerDataConfirmed: data.customerDataConfirmed } : {}),
      ...(data.systemDataConfirmed !== undefined ? { systemDataConfirmed: data.systemDataConfirmed } : {}),
      ...(data.proceededWithFailedChecks !== undefined ? { proceededWithFailedChecks: data.proceededWithFailedChecks } : {}),
      searchText: searchTextOf(name, row.systemSerial, vin),
    });
  });
}

/** Records the vehicle of an installation: creates it on the first save, updates it afterwards. */
export async function saveVehicle(db: Db, fleetIds: number[], actor: string, id: number, version: number, data: VehicleData) {
  return db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, fleetIds, id, { forUpdate: true });
    assertWritable(row, version);
    let vehicleId = row.vehicleId;
    if (vehicleId) {
      await tx.update(vehicle).set(data).where(eq(vehicle.id, vehicleId));
    } else {
      const [created] = await tx
        .insert(vehicle)
        .values({ ...data, fleetId: row.fleetId })
        .returning({ id: vehicle.id });
      vehicleId = created!.id;
    }
    return bumpVersion(tx as Db, id, actor, { vehicleId, searchText: searchTextOf(row.name, row.systemSerial, data.vin) });
  });
}

/** The installation a vehicle belongs to, within the caller's fleets. */
export async function findInstallationOfVehicle(db: Db, fleetIds: number[], vehicleId: number) {
  if (fleetIds.length === 0) throw notFound('Vehicle');
  const [row] = await db
    .select({ id: installation.id })
    .from(installation)
    .where(and(eq(installation.vehicleId, vehicleId), inArray(installation.fleetId, fleetIds)))
    .limit(1);
  if (!row) throw notFound('Vehicle');
  return row.id;
}

type ControllerInput = Omit<InstallationSetup['controllers'][number], 'inspection'> & { inspection?: PhysicalInspection };

/** Runs in the setup save's transaction once the setup is stored (e.g. to start the digital check). */
export type AfterSetupSaved = (tx: Tx, row: InstallationRow, isSetupChanged: boolean) => Promise<void>;

/** Checks and stores controller setups of a locked, writable installation; controllers not given keep their stored counts. */
async function applySetup(tx: Tx, row: InstallationRow, actor: string, given: ControllerInput[], afterSaved?: AfterSetupSaved) {
  const [sys] = await tx.select().from(system).where(eq(system.id, row.systemId));
  const controllers = await tx.select().from(chargeController).where(eq(chargeController.systemId, row.systemId));
  const bySerial = new Map(controllers.map((c) => [c.serialNumber.toLowerCase(), c]));
  const details: { index: number; field: string; message: string }[] = [];
  const resolved = given.map((c, index) => {
    const controller = bySerial.get(c.serialNumber.toLowerCase());
    if (!controller) throw notFound(`Charge controller ${c.serialNumber}`);
    if (!isActiveChannelCountValid(controller.type, c.activeChannelCount)) {
      details.push({ index, field: 'activeChannelCount', message: 'invalidActiveChannels' });
    }
    return { controller, setup: c };
  });
  const ids = new Set(resolved.map((r) => r.controller.id));
  const counts = [...resolved.map((r) => r.setup.pvModulesCount), ...controllers.filter((c) => !ids.has(c.id)).map((c) => c.pvModulesCount ?? 0)];
  if (!isPvModuleSumValid(counts, sys!.pvModuleCount)) {
    details.push({ index: -1, field: 'pvModulesCount', message: 'pvModuleLimitExceeded' });
  }
  if (details.length) throw new AppError('VALIDATION_ERROR', 'The setup is not valid', details);
  const inspections = await tx.select().from(physicalInspection).where(eq(physicalInspection.installationId, row.id));
  const isSetupChanged = resolved.some(({ controller, setup }) => {
    if (controller.pvModulesCount !== setup.pvModulesCount || controller.activeChannelCount !== setup.activeChannelCount) return true;
    if (!setup.inspection) return false;
    const stored = inspections.find((i) => i.chargeControllerId === controller.id);
    return !stored || stored.powerLed !== setup.inspection.powerLed || stored.statusLed !== setup.inspection.statusLed || stored.faultLed !== setup.inspection.faultLed;
  });
  for (const { controller, setup } of resolved) {
    await tx
      .update(chargeController)
      .set({ pvModulesCount: setup.pvModulesCount, activeChannelCount: setup.activeChannelCount })
      .where(eq(chargeController.id, controller.id));
    if (setup.inspection) {
      await tx
        .insert(physicalInspection)
        .values({ installationId: row.id, chargeControllerId: controller.id, ...setup.inspection })
        .onConflictDoUpdate({ target: [physicalInspection.installationId, physicalInspection.chargeControllerId], set: { ...setup.inspection, updatedAt: new Date() } });
    }
  }
  await afterSaved?.(tx, row, isSetupChanged);
  return bumpVersion(tx, row.id, actor);
}

/** Saves the setup of every controller at once: channel limits per controller, PV module sum per system. */
export async function saveSetup(db: Db, fleetIds: number[], actor: string, id: number, input: InstallationSetup, afterSaved?: AfterSetupSaved) {
  return db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, fleetIds, id, { forUpdate: true });
    assertWritable(row, input.version);
    return applySetup(tx as Db, row, actor, input.controllers, afterSaved);
  });
}

/** The installation a controller belongs to (by serial number or id), within the caller's fleets. */
export async function findInstallationOfController(db: Db, fleetIds: number[], serialOrId: string) {
  if (fleetIds.length === 0) throw notFound('Charge controller');
  const byId = /^\d+$/.test(serialOrId) ? eq(chargeController.id, Number(serialOrId)) : undefined;
  const [row] = await db
    .select({ installationId: installation.id, controllerId: chargeController.id, serialNumber: chargeController.serialNumber })
    .from(chargeController)
    .innerJoin(system, eq(system.id, chargeController.systemId))
    .innerJoin(installation, eq(installation.systemId, system.id))
    .where(and(byId ?? sql`lower(${chargeController.serialNumber}) = lower(${serialOrId})`, inArray(system.fleetId, fleetIds)))
    .limit(1);
  if (!row) throw notFound('Charge controller');
  return row;
}

/**
 * One controller's setup (SPEC §7). Without a version it applies to the installation's current
 * version: the installation row stays locked from the read to the write, so concurrent writes
 * queue up instead of overwriting each other half-way.
 */
export async function saveControllerSetup(db: Db, fleetIds: number[], actor: string, serialOrId: string, input: ControllerSetup): Promise<ControllerSetupResult> {
  return db.transaction(async (tx) => {
    const owner = await findInstallationOfController(tx as Db, fleetIds, serialOrId);
    if (input.installationId !== undefined && input.installationId !== owner.installationId) throw notFound('Charge controller');
    const row = await findScopedInstallation(tx as Db, fleetIds, owner.installationId, { forUpdate: true });
    assertWritable(row, input.version ?? row.version);
    const { pvModulesCount, activeChannelCount, inspection } = input;
    const saved = await applySetup(tx as Db, row, actor, [{ serialNumber: owner.serialNumber, pvModulesCount, activeChannelCount, inspection }]);
    const [stored] = await tx
      .select({ powerLed: physicalInspection.powerLed, statusLed: physicalInspection.statusLed, faultLed: physicalInspection.faultLed })
      .from(physicalInspection)
      .where(and(eq(physicalInspection.installationId, row.id), eq(physicalInspection.chargeControllerId, owner.controllerId)));
    return {
      serialNumber: owner.serialNumber,
      installationId: row.id,
      pvModulesCount,
      activeChannelCount,
      inspection: (stored as PhysicalInspection | undefined) ?? null,
      version: saved.version,
    };
  });
}

/**
 * Deletes a draft with everything recorded for it, and frees its system for a new installation.
 * Only its creator or an admin of its fleet may (canDeleteInstallation).
 */
export async function deleteInstallation(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, caller.fleets.map((f) => f.id), id, { forUpdate: true });
    if (row.status !== 'draft') throw new AppError('INSTALLATION_COMPLETED', 'A completed installation cannot be deleted');
    if (!callerMayDelete(row, caller)) {
      throw new AppError('FORBIDDEN', 'Only the installer who created this draft or an admin of the fleet may delete it');
    }
    const files = await tx.select({ key: upload.storageKey }).from(upload).where(eq(upload.installationId, id));
    await tx.delete(installation).where(eq(installation.id, id));
    // Its uploads went with it (cascade); their objects are queued in the same transaction.
    await queueUnreferencedObjects(tx as Db, files.map((f) => f.key));
    if (row.vehicleId) await tx.delete(vehicle).where(eq(vehicle.id, row.vehicleId));
    await tx.update(chargeController).set({ pvModulesCount: null, activeChannelCount: null }).where(eq(chargeController.systemId, row.systemId));
  });
}

import { and, asc, desc, eq, gt, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateInstallation, Installation, InstallationList, InstallationListQuery, UpdateInstallation } from '@portal/domain/installation';
import { canDeleteInstallation, CreateInstallationSchema, InstallationListQuerySchema, isEditable, UpdateInstallationSchema } from '@portal/domain/installation';
import type { ControllerSetup, ControllerSetupResult, InstallationSetup, PhysicalInspection } from '@portal/domain/setup';
import { isActiveChannelCountValid, isPvModuleSumValid } from '@portal/domain/setup';
import type { System } from '@portal/domain/system';
import type { Vehicle, VehicleData } from '@portal/domain/vehicle';
import type { IdTokenClaims, SignedInUser } from '../auth/id-token';
import { rowsOf, type Db } from '../db/client';
import { chargeController, fleet, fleetMember, installation, partner, physicalInspection, session, system, upload, user, vehicle } from '../db/schema';
import { changedFields, recordHistory } from './history';
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
  if (!isEditable(row.status)) throw new AppError('INSTALLATION_COMPLETED', 'This installation is completed and can no longer be changed');
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

type DetailExtra = { fleet: string; system: System; vehicle: Vehicle | null; inspections: Installation['inspections'] };

const vehicleJson = (vehicleId: SQL) => sql`(select json_build_object(
    'id', v.id, 'type', v.type, 'manufacturer', v.manufacturer, 'model', v.model, 'year', v.year,
    'transmission', v.transmission, 'batteryType', v.battery_type, 'batteryCapacity', v.battery_capacity,
    'batteryCapacityUnit', v.battery_capacity_unit, 'vin', v.vin, 'licensePlate', v.license_plate,
    'mileage', v.mileage, 'city', v.city)
  from vehicle v where v.id = ${vehicleId})`;

const inspectionsJson = (installationId: SQL) => sql`coalesce((
  select json_agg(json_build_object(
      'chargeControllerSerial', c.serial_number, 'powerLed', p.power_led, 'statusLed', p.status_led, 'faultLed', p.fault_led)
    order by c.serial_number)
  from physical_inspection p join charge_controller c on c.id = p.charge_controller_id
  where p.installation_id = ${installationId}), '[]'::json)`;

function detailOf(row: InstallationRow, extra: DetailExtra): Omit<Installation, 'canDelete'> {
  return {
    id: row.id,
    fleet: extra.fleet,
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
    vehicle: extra.vehicle,
    system: extra.system,
    inspections: extra.inspections,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The whole installation as the wizard reads it, in one round trip. */
export async function getInstallationDetail(db: Db, row: InstallationRow): Promise<Omit<Installation, 'canDelete'>> {
  const [extra] = rowsOf<DetailExtra>(
    await db.execute(sql`
      select
        (select slug from fleet where id = ${row.fleetId}) as fleet,
        ${systemJson(sql`${row.systemId}`)} as system,
        ${vehicleJson(sql`${row.vehicleId}`)} as vehicle,
        ${inspectionsJson(sql`${row.id}`)} as inspections`),
  );
  return detailOf(row, extra!);
}

/**
 * Reads installations for the holder of an ID token with one prepared statement: the live
 * session, the caller's membership of the installation's fleet and the whole detail together.
 * Answers 'signed-out' when the session has ended and null when the installation is not in
 * one of the caller's fleets (or does not exist).
 */
export function createInstallationReader(db: Db) {
  const member = sql`${fleetMember.userId} is not null`;
  const query = db
    .select({
      userId: user.id,
      role: fleetMember.role,
      row: installation,
      fleet: fleet.slug,
      system: sql<System | null>`case when ${member} then ${systemJson(sql`${installation.systemId}`)} end`,
      vehicle: sql<Vehicle | null>`case when ${member} then ${vehicleJson(sql`${installation.vehicleId}`)} end`,
      inspections: sql<Installation['inspections'] | null>`case when ${member} then ${inspectionsJson(sql`${installation.id}`)} end`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(installation, eq(installation.id, sql.placeholder('id')))
    .leftJoin(fleetMember, and(eq(fleetMember.fleetId, installation.fleetId), eq(fleetMember.userId, user.id)))
    .leftJoin(fleet, eq(fleet.id, fleetMember.fleetId))
    .where(and(eq(session.id, sql.placeholder('sid')), eq(session.userId, sql.placeholder('sub')), gt(session.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('installation_for_session');
  return async (claims: IdTokenClaims, id: number): Promise<Installation | 'signed-out' | null> => {
    const [found] = await query.execute({ sid: claims.sid, sub: claims.sub, id });
    if (!found) return 'signed-out';
    const { row, role, fleet: slug } = found;
    if (!row || !role || !slug) return null;
    const detail = detailOf(row, { fleet: slug, system: found.system!, vehicle: found.vehicle, inspections: found.inspections ?? [] });
    return { ...detail, canDelete: canDeleteInstallation(row, { userId: found.userId, role }) };
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

/** The list's search and filters as one condition: the list and its exports select the same rows. */
export function listConditions(fleetId: number, query: Omit<InstallationListQuery, 'fleet'>, caller: Caller) {
  const conditions: SQL[] = [eq(installation.fleetId, fleetId)];
  if (query.mine === 'true') conditions.push(eq(installation.createdBy, caller.userId));
  if (query.q) {
    const escaped = query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(ilike(installation.searchText, `%${escaped}%`));
  }
  if (query.status) conditions.push(eq(installation.status, query.status));
  if (query.from) conditions.push(gte(installation.startDate, query.from));
  if (query.to) conditions.push(lte(installation.startDate, query.to));
  if (query.failedChecks === 'true') conditions.push(eq(installation.status, 'completed'), eq(installation.proceededWithFailedChecks, true));
  return and(...conditions);
}

/** One page of a fleet's installations; search by name, serial number or VIN, filtered as the list asks. */
export async function listInstallations(db: Db, fleetId: number, rawQuery: InstallationListQuery, caller: Caller): Promise<InstallationList> {
  const query = InstallationListQuerySchema.parse(rawQuery);
  const where = listConditions(fleetId, query, caller);
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

type ListItemRow = Omit<InstallationList['items'][number], 'canDelete'> & { createdById: string | null };

/**
 * Reads the first pages of a fleet's list (no search text) for the holder of an ID token with one
 * prepared statement per sort order: the live session, the caller's membership of the fleet, the
 * page and the total together. 'signed-out' when the session has ended, null when the caller is
 * not a member of the fleet. Searches (`q`) are not read here: `listInstallations` answers them.
 */
export function createInstallationListReader(db: Db) {
  const statements = new Map<string, ReturnType<typeof prepare>>();
  function prepare(sort: keyof typeof SORT_COLUMNS, order: 'asc' | 'desc', mine: boolean) {
    const column = sql.identifier(SORT_COLUMNS[sort].name);
    const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
    const onlyMine = mine ? sql`and created_by = ${user.id}` : sql``;
    const isMember = sql`${fleetMember.role} is not null`;
    return db
      .select({
        userId: user.id,
        role: fleetMember.role,
        total: sql<number | null>`case when ${isMember} then (select count(*)::int from installation where fleet_id = ${fleet.id} ${onlyMine}) end`,
        items: sql<ListItemRow[] | null>`case when ${isMember} then (
          select coalesce(json_agg(json_build_object(
              'id', i.id, 'name', i.name, 'systemSerialNumber', i.system_serial, 'startDate', i.start_date, 'status', i.status,
              'proceededWithFailedChecks', i.proceeded_with_failed_checks,
              'updatedAt', to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'vehicle', case when v.id is null then null else json_build_object('type', v.type, 'manufacturer', v.manufacturer, 'model', v.model, 'vin', v.vin) end,
              'createdBy', case when c.email is null then null else json_build_object('name', c.name, 'email', c.email) end,
              'createdById', i.created_by)
            order by i.${column} ${dir}, i.id ${dir}), '[]'::json)
          from (
            -- Deferred join: the page's ids come from the index alone; only those rows are joined.
            select id from installation where fleet_id = ${fleet.id} ${onlyMine}
            order by ${column} ${dir}, id ${dir} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) page
          join installation i on i.id = page.id
          left join vehicle v on v.id = i.vehicle_id
          left join "user" c on c.id = i.created_by) end`,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(fleet, eq(fleet.slug, sql.placeholder('fleet')))
      .leftJoin(fleetMember, and(eq(fleetMember.fleetId, fleet.id), eq(fleetMember.userId, user.id)))
      .where(and(eq(session.id, sql.placeholder('sid')), eq(session.userId, sql.placeholder('sub')), gt(session.expiresAt, sql`now()`)))
      .limit(1)
      .prepare(`installation_list_${sort}_${order}${mine ? '_mine' : ''}`);
  }
  return async (claims: IdTokenClaims, query: z.output<typeof InstallationListQuerySchema>): Promise<InstallationList | 'signed-out' | null> => {
    const mine = query.mine === 'true';
    const key = `${query.sort}:${query.order}:${mine}`;
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = prepare(query.sort, query.order, mine)));
    const [found] = await statement.execute({ sid: claims.sid, sub: claims.sub, fleet: query.fleet, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    if (!found) return 'signed-out';
    const { role, userId } = found;
    if (!role) return null;
    return {
      items: (found.items ?? []).map(({ createdById, ...item }) => ({ ...item, canDelete: canDeleteInstallation({ status: item.status, createdBy: createdById }, { userId, role }) })),
      total: found.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
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
    await recordHistory(tx as Db, created, userId, 'created', [
      { field: 'systemSerialNumber', newValue: created.systemSerial },
      ...changedFields(null, created, ['name', 'startDate', 'comments', 'partnerId']),
    ]);
    return created;
  });
}

/** The installation's own fields whose changes the history records (the confirmations among them). */
const HISTORY_FIELDS = ['name', 'startDate', 'comments', 'partnerId', 'customerDataConfirmed', 'systemDataConfirmed', 'proceededWithFailedChecks'] as const;

export async function updateInstallation(db: Db, fleetIds: number[], actor: string, id: number, input: UpdateInstallation, companyId: number | null = null) {
  const data = UpdateInstallationSchema.parse(input);
  return db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, fleetIds, id, { forUpdate: true });
    assertWritable(row, data.version);
    await assertOwnPartner(tx as Db, companyId, data.partnerId);
    const name = data.name ?? row.name;
    let vin: string | null = null;
    if (row.vehicleId) [{ vin }] = (await tx.select({ vin: vehicle.vin }).from(vehicle).where(eq(vehicle.id, row.vehicleId))) as [{ vin: string }];
    const updated = await bumpVersion(tx as Db, id, actor, {
      ...(data.startDate !== undefined ? { startDate: data.startDate } : {}),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.comments !== undefined ? { comments: data.comments } : {}),
      ...(data.partnerId !== undefined ? { partnerId: data.partnerId } : {}),
      ...(data.customerDataConfirmed !== undefined ? { customerDataConfirmed: data.customerDataConfirmed } : {}),
      ...(data.systemDataConfirmed !== undefined ? { systemDataConfirmed: data.systemDataConfirmed } : {}),
      ...(data.proceededWithFailedChecks !== undefined ? { proceededWithFailedChecks: data.proceededWithFailedChecks } : {}),
      searchText: searchTextOf(name, row.systemSerial, vin),
    });
    const changes = changedFields(row, updated, HISTORY_FIELDS);
    await recordHistory(tx as Db, row, actor, 'changed', changes.length ? changes : undefined);
    return updated;
  });
}

/** Records the vehicle of an installation: creates it on the first save, updates it afterwards. */
export async function saveVehicle(db: Db, fleetIds: number[], actor: string, id: number, version: number, data: VehicleData) {
  return db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, fleetIds, id, { forUpdate: true });
    assertWritable(row, version);
    let vehicleId = row.vehicleId;
    const [before] = vehicleId ? await tx.select().from(vehicle).where(eq(vehicle.id, vehicleId)) : [];
    const changes = changedFields(before ?? null, data, Object.keys(data) as (keyof VehicleData & string)[]);
    await recordHistory(tx as Db, row, actor, 'vehicleChanged', changes.length ? changes : undefined);
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
  const changes = resolved.flatMap(({ controller, setup }) => {
    const inspected = inspections.find((i) => i.chargeControllerId === controller.id) ?? null;
    return [
      ...changedFields(controller, setup, ['pvModulesCount', 'activeChannelCount'], `${controller.serialNumber}.`),
      ...(setup.inspection ? changedFields(inspected, setup.inspection, ['powerLed', 'statusLed', 'faultLed'], `${controller.serialNumber}.`) : []),
    ];
  });
  await recordHistory(tx, row, actor, 'setupChanged', changes.length ? changes : undefined);
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
    if (!isEditable(row.status)) throw new AppError('INSTALLATION_COMPLETED', 'A completed installation cannot be deleted');
    if (!callerMayDelete(row, caller)) {
      throw new AppError('FORBIDDEN', 'Only the installer who created this draft or an admin of the fleet may delete it');
    }
    const files = await tx.select({ key: upload.storageKey }).from(upload).where(eq(upload.installationId, id));
    await recordHistory(tx as Db, row, caller.userId, 'deleted');
    await tx.delete(installation).where(eq(installation.id, id));
    // Its uploads went with it (cascade); their objects are queued in the same transaction.
    await queueUnreferencedObjects(tx as Db, files.map((f) => f.key));
    if (row.vehicleId) await tx.delete(vehicle).where(eq(vehicle.id, row.vehicleId));
    await tx.update(chargeController).set({ pvModulesCount: null, activeChannelCount: null }).where(eq(chargeController.systemId, row.systemId));
  });
}

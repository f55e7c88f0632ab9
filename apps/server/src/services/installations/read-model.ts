import { and, asc, desc, eq, gt, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Installation, InstallationList, InstallationListQuery } from '@portal/domain/installation';
import { canDeleteInstallation, InstallationListQuerySchema, stepReached, type InstallationStep, type StepFacts } from '@portal/domain/installation';
import { todayIn } from '@portal/domain/time';
import type { FleetRole } from '@portal/domain/fleet';
import type { System } from '@portal/domain/system';
import type { Vehicle } from '@portal/domain/vehicle';
import { createSessionReader, type IdTokenClaims, type SignedInUser } from '../../auth/id-token';
import { rowsOf, type Db } from '../../db/client';
import { fleet, fleetMember, installation, session, user, vehicle } from '../../db/schema';
import { notFound } from '../../errors';
import { FleetScope } from '../access/fleet-scope';
import type { ReadCache } from '../read-cache';
import { JsonText } from '../../json-text';
import { callerMayDelete, type Caller, type InstallationRow } from './repository';

/** A timestamp as JSON text, the way JavaScript's `toISOString` writes it: UTC, in milliseconds. */
const isoTimestamp = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The JSON of the detail is built by the database in the shapes of the response schemas, as
// compact text: row_to_json and array_to_json write no spaces (json_build_object and json_agg do).
// Lists are ARRAY(...) subqueries in their order, which plan without an aggregate node each (an
// empty one is []). The hot read sends that text as it is; the other reads parse the same fragments.

/** A system with its customer, controllers and telematics as one JSON value, built by the database. */
const systemJson = (systemId: SQL) => sql`(
  select row_to_json(x) from (
    select s.serial_number as "serialNumber", cu as "customer", s.pv_module_count as "pvModuleCount",
      s.pv_module_version as "pvModuleVersion", s.installed_capacity_wp as "installedCapacity", s.controller_quantity as "controllerQuantity",
      array_to_json(array(
        select j from charge_controller c cross join lateral (
          select c.id, c.serial_number as "serialNumber", c.type, c.hardware_version as "hardwareVersion", c.firmware_version as "firmwareVersion",
            c.channel_count as "channelCount", c.pv_modules_count as "pvModulesCount", c.active_channel_count as "activeChannelCount") j
        where c.system_id = s.id order by c.serial_number)) as "chargeControllers",
      array_to_json(array(
        select j from telematics_unit t cross join lateral (select t.unit, t.imei, t.iccid) j
        where t.system_id = s.id order by t.id)) as "telematics"
    from system s join fleet f on f.id = s.fleet_id
      cross join lateral (select f.customer_name as "name", f.primary_contact as "primaryContact", f.email as "emailAddress") cu
    where s.id = ${systemId}) x)`;

export async function loadSystem(db: Db, systemId: number): Promise<System> {
  const [row] = rowsOf<{ system: System | null }>(await db.execute(sql`select ${systemJson(sql`${systemId}`)} as system`));
  if (!row?.system) throw notFound('System');
  return row.system;
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

const vehicleJson = (vehicleId: SQL) => sql`(
  select row_to_json(v) from (
    select v.id, v.type, v.manufacturer, v.model, v.year, v.transmission, v.battery_type as "batteryType",
      v.battery_capacity as "batteryCapacity", v.battery_capacity_unit as "batteryCapacityUnit", v.vin,
      v.license_plate as "licensePlate", v.mileage, v.city
    from vehicle v where v.id = ${vehicleId}) v)`;

const inspectionsJson = (installationId: SQL) => sql`array_to_json(array(
  select j from physical_inspection p join charge_controller c on c.id = p.charge_controller_id
    cross join lateral (select p.power_led as "powerLed", p.status_led as "statusLed", p.fault_led as "faultLed", c.serial_number as "chargeControllerSerial") j
  where p.installation_id = ${installationId} order by c.serial_number))`;

/**
 * The whole installation in the shape of `InstallationSchema` without `canDelete`, as JSON text:
 * the same fields, in the same order, with the same values as `detailOf` gives them. `fleetSlug`
 * is the slug of the installation's fleet.
 */
const installationJsonText = (fleetSlug: SQL) => sql`(
  select row_to_json(d)::text from (
    select ${installation.id} as "id", ${fleetSlug} as "fleet", ${installation.name} as "name",
      ${installation.systemSerial} as "systemSerialNumber", ${installation.startDate} as "startDate",
      ${installation.commissioningDate} as "commissioningDate", ${installation.completionDate} as "completionDate",
      ${installation.comments} as "comments", ${installation.status} as "status",
      ${installation.customerDataConfirmed} as "customerDataConfirmed", ${installation.systemDataConfirmed} as "systemDataConfirmed",
      ${installation.summaryDataConfirmed} as "summaryDataConfirmed", ${installation.proceededWithFailedChecks} as "proceededWithFailedChecks",
      ${installation.vehicleId} as "vehicleId", ${installation.partnerId} as "partnerId",
      ${vehicleJson(sql`${installation.vehicleId}`)} as "vehicle",
      ${systemJson(sql`${installation.systemId}`)} as "system",
      ${inspectionsJson(sql`${installation.id}`)} as "inspections",
      ${installation.version} as "version",
      ${isoTimestamp(sql`${installation.createdAt}`)} as "createdAt", ${isoTimestamp(sql`${installation.updatedAt}`)} as "updatedAt") d)`;

/** The general fields of an installation, as the detail and the summary show them. */
export const generalOf = (row: InstallationRow) => ({
  name: row.name,
  systemSerialNumber: row.systemSerial,
  startDate: row.startDate,
  commissioningDate: row.commissioningDate,
  completionDate: row.completionDate,
  comments: row.comments,
  status: row.status,
});

function detailOf(row: InstallationRow, extra: DetailExtra): Omit<Installation, 'canDelete'> {
  return {
    id: row.id,
    fleet: extra.fleet,
    ...generalOf(row),
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
 * Reads installations for the holder of an ID token. The detail is JSON text written by the
 * database and sent as it is. Answers 'signed-out' when the session has ended and null when the
 * installation is not in one of the caller's fleets (or does not exist).
 *
 * While the read cache listens, the session (with its fleets) and the detail come from it, and only
 * what it lacks is read: a repeated read costs no round trip. Otherwise one prepared statement reads
 * the live session, the caller's membership of the installation's fleet and the detail together.
 */
export function createInstallationReader(db: Db, cache: ReadCache) {
  const query = db
    .select({
      role: fleetMember.role,
      status: installation.status,
      createdBy: installation.createdBy,
      json: sql<string | null>`case when ${fleetMember.role} is not null then ${installationJsonText(sql`${fleet.slug}`)} end`,
    })
    .from(session)
    .leftJoin(installation, eq(installation.id, sql.placeholder('id')))
    .leftJoin(fleetMember, and(eq(fleetMember.fleetId, installation.fleetId), eq(fleetMember.userId, session.userId)))
    .leftJoin(fleet, eq(fleet.id, fleetMember.fleetId))
    // At most one row: every join is on a primary key.
    .where(and(eq(session.id, sql.placeholder('sid')), eq(session.userId, sql.placeholder('sub')), gt(session.expiresAt, sql`now()`)))
    .prepare('installation_for_session');
  const detailQuery = db
    .select({ fleetId: installation.fleetId, status: installation.status, createdBy: installation.createdBy, json: sql<string>`${installationJsonText(sql`${fleet.slug}`)}` })
    .from(installation)
    .innerJoin(fleet, eq(fleet.id, installation.fleetId))
    .where(eq(installation.id, sql.placeholder('id')))
    .prepare('installation_detail');
  const sessionUser = createSessionReader(db, cache);
  // The object's closing brace makes way for the one field the database does not write.
  const answerText = (json: string, canDelete: boolean) => new JsonText(`${json.slice(0, -1)},"canDelete":${canDelete}}`);
  const answer = (json: string, status: InstallationRow['status'], createdBy: string | null, userId: string, role: FleetRole) =>
    answerText(json, canDeleteInstallation({ status, createdBy }, { userId, role }));

  type Detail = Awaited<ReturnType<typeof detailQuery.execute>>[number];
  /**
   * The answers written of each detail the cache holds, one per value of `canDelete`: a detail read
   * again and again is written once, not once per request. They go when the cache lets the detail go.
   */
  const answersOf = new WeakMap<Detail, Map<boolean, JsonText>>();
  const answerFromCache = (claims: IdTokenClaims, me: SignedInUser | null, detail: Detail | null) => {
    if (!me) return 'signed-out';
    const role = detail && me.fleets.find((f) => f.id === detail.fleetId)?.role;
    if (!detail || !role) return null;
    const canDelete = canDeleteInstallation(detail, { userId: claims.sub, role });
    let answers = answersOf.get(detail);
    if (!answers) answersOf.set(detail, (answers = new Map()));
    let text = answers.get(canDelete);
    if (!text) answers.set(canDelete, (text = answerText(detail.json, canDelete)));
    return text;
  };
  const read = async (claims: IdTokenClaims, id: number): Promise<JsonText | 'signed-out' | null> => {
    if (cache.isLive) {
      // Neither waits for the other: a first read costs one round trip's time, not two.
      const [me, detail] = await Promise.all([sessionUser(claims), cache.installation(id, async () => (await detailQuery.execute({ id }))[0] ?? null)]);
      return answerFromCache(claims, me, detail);
    }
    const [found] = await query.execute({ sid: claims.sid, sub: claims.sub, id });
    if (!found) return 'signed-out';
    const { role, status, json } = found;
    if (!role || !status || !json) return null;
    return answer(json, status, found.createdBy, claims.sub, role);
  };
  /** The answer at once when the cache holds both the session and the detail; otherwise a promise of it. */
  return (claims: IdTokenClaims, id: number): JsonText | 'signed-out' | null | Promise<JsonText | 'signed-out' | null> => {
    const me = cache.heldSession<SignedInUser>(claims.sid, claims.sub);
    const detail = me && cache.heldInstallation<Detail>(id);
    return detail ? answerFromCache(claims, me, detail) : read(claims, id);
  };
}

/** The installation as the API answers it to this caller: the detail and what the caller may do. */
export async function installationForCaller(db: Db, row: InstallationRow, caller: Caller): Promise<Installation> {
  return { ...(await getInstallationDetail(db, row)), canDelete: callerMayDelete(row, caller) };
}

/**
 * What a draft has saved, per step (StepFacts), as one JSON value for the row `i`; null for a completed
 * installation. Each fact is an index lookup of that one installation: a page of 20 rows costs 20 of each.
 */
export const stepFactsJson = (i: SQL) => sql`case when ${i}.status = 'draft' then json_build_object(
    'customerDataConfirmed', ${i}.customer_data_confirmed,
    'hasVehicle', ${i}.vehicle_id is not null,
    'systemDataConfirmed', ${i}.system_data_confirmed,
    'hasSetup', exists (select 1 from physical_inspection p where p.installation_id = ${i}.id),
    'hasUploads', exists (select 1 from upload u where u.installation_id = ${i}.id),
    'hasCheckResult', ${i}.proceeded_with_failed_checks or exists (
      select 1 from (select id from system_check_run r where r.installation_id = ${i}.id order by id desc limit 1) run
      where exists (select 1 from system_check c where c.run_id = run.id)
        and not exists (select 1 from system_check c where c.run_id = run.id and c.status <> 'success')),
    'summaryDataConfirmed', ${i}.summary_data_confirmed) end`;

export const stepOf = (facts: StepFacts | null): InstallationStep | null => (facts ? stepReached(facts) : null);

/** For `ownDraftsFirst`: whom the list puts first, and since when "today" is (the start of the day in the asked time zone, UTC when none is given). */
type OwnDraftsFirst = { userId: string; since: Date } | null;

function ownDraftsFirstOf(query: Pick<InstallationListQuery, 'ownDraftsFirst' | 'tz'>, userId: string): OwnDraftsFirst {
  return query.ownDraftsFirst === 'true' ? { userId, since: todayIn(query.tz ?? 'UTC').start } : null;
}

/** Whether the row `i` is one of the caller's drafts saved today: never null, so that `not` turns it round. */
const isOwnDraftOfToday = (i: SQL, userId: SQL, since: SQL) =>
  sql`coalesce(${i}.created_by = ${userId} and ${i}.status = 'draft' and ${i}.updated_at >= ${since}, false)`;

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
  const ownFirst = ownDraftsFirstOf(query, caller.userId);
  const first = ownFirst ? [desc(isOwnDraftOfToday(sql`${installation}`, sql`${ownFirst.userId}`, sql`${ownFirst.since.toISOString()}::timestamptz`))] : [];
  // Deferred join: the page's ids come from the index alone; only those 20 rows are joined.
  const page = db
    .select({ id: installation.id })
    .from(installation)
    .where(where)
    .orderBy(...first, direction(column), direction(installation.id))
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
        stepFacts: sql<StepFacts | null>`${stepFactsJson(sql`${installation}`)}`,
      })
      .from(page)
      .innerJoin(installation, eq(installation.id, page.id))
      .leftJoin(vehicle, eq(vehicle.id, installation.vehicleId))
      .leftJoin(user, eq(user.id, installation.createdBy))
      .orderBy(...first, direction(column), direction(installation.id)),
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
      step: stepOf(i.stepFacts),
    })),
    total: Number(totalRow?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type ListItemRow = Omit<InstallationList['items'][number], 'canDelete' | 'step'> & { createdById: string | null; stepFacts: StepFacts | null };
type ListPage = { total: number; items: ListItemRow[] };

/**
 * The count and one page of a fleet's list (no search), for the fleet and user these expressions name.
 * With `ownFirst`, the user's drafts saved since the placeholder `since` come first: the own drafts are
 * found through the creator index (plain conditions, so the planner can use it), the rest is read from
 * the list's index in its order, at most a page and its offset of each: the page never sorts the fleet.
 */
function listPageColumns(fleetId: SQL, userId: SQL, sort: keyof typeof SORT_COLUMNS, order: 'asc' | 'desc', mine: boolean, ownFirst: boolean) {
  const column = sql.identifier(SORT_COLUMNS[sort].name);
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const onlyMine = mine ? sql`and created_by = ${userId}` : sql``;
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  const isOwnOfToday = (i: SQL) => isOwnDraftOfToday(i, userId, since);
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const pageIds = ownFirst
    ? sql`
        select id, own from (
          (select id, ${column} as k, true as own from installation i
            where fleet_id = ${fleetId} ${onlyMine} and created_by = ${userId} and status = 'draft' and updated_at >= ${since}
            order by ${column} ${dir}, id ${dir} limit (${limit}::int + ${offset}::int))
          union all
          (select id, ${column}, false from installation i where fleet_id = ${fleetId} ${onlyMine} and not ${isOwnOfToday(sql`i`)}
            order by ${column} ${dir}, id ${dir} limit (${limit}::int + ${offset}::int))) parts
        order by own desc, k ${dir}, id ${dir} limit ${limit} offset ${offset}`
    : sql`
        select id, false as own from installation where fleet_id = ${fleetId} ${onlyMine}
        order by ${column} ${dir}, id ${dir} limit ${limit} offset ${offset}`;
  return {
    total: sql`(select count(*)::int from installation where fleet_id = ${fleetId} ${onlyMine})`,
    items: sql`(
      select coalesce(json_agg(json_build_object(
          'id', i.id, 'name', i.name, 'systemSerialNumber', i.system_serial, 'startDate', i.start_date, 'status', i.status,
          'proceededWithFailedChecks', i.proceeded_with_failed_checks,
          'updatedAt', ${isoTimestamp(sql`i.updated_at`)},
          'vehicle', case when v.id is null then null else json_build_object('type', v.type, 'manufacturer', v.manufacturer, 'model', v.model, 'vin', v.vin) end,
          'createdBy', case when c.email is null then null else json_build_object('name', c.name, 'email', c.email) end,
          'createdById', i.created_by,
          'stepFacts', ${stepFactsJson(sql`i`)})
        order by page.own desc, i.${column} ${dir}, i.id ${dir}), '[]'::json)
      from (
        -- Deferred join: the page's ids come from the index alone; only those rows are joined.
        ${pageIds}) page
      join installation i on i.id = page.id
      left join vehicle v on v.id = i.vehicle_id
      left join "user" c on c.id = i.created_by)`,
  };
}

/** The page as the caller gets it: each row says whether this caller may delete it. */
const listPageFor = (found: ListPage, query: z.output<typeof InstallationListQuerySchema>, userId: string, role: FleetRole): InstallationList => ({
  items: found.items.map(({ createdById, stepFacts, ...item }) => ({
    ...item,
    canDelete: canDeleteInstallation({ status: item.status, createdBy: createdById }, { userId, role }),
    step: stepOf(stepFacts),
  })),
  total: found.total,
  page: query.page,
  pageSize: query.pageSize,
});

/**
 * Callers' pages kept in all (each with its JSON, see the list route); more start the memory afresh
 * (simple and bounded, like the read cache's own maps): at most some tens of MB of full pages.
 */
const CALLER_PAGES_KEPT = 1_000;

/**
 * The first page as `listPageFor` gives it to a caller, made once per page the read cache holds and
 * caller: the same object while the cache serves the same page, so the route can send the JSON it
 * wrote for it before. A page the cache drops takes these with it.
 */
function createCallersPages() {
  let made = new WeakMap<ListPage, Map<string, InstallationList>>();
  let kept = 0;
  return (found: ListPage, query: z.output<typeof InstallationListQuerySchema>, userId: string, role: FleetRole): InstallationList => {
    let callers = made.get(found);
    if (!callers) made.set(found, (callers = new Map()));
    // The first page only: its number and size are part of the cache's key.
    const key = `${userId}:${role}`;
    let page = callers.get(key);
    if (!page) {
      if (kept >= CALLER_PAGES_KEPT) {
        made = new WeakMap([[found, (callers = new Map())]]);
        kept = 0;
      }
      callers.set(key, (page = listPageFor(found, query, userId, role)));
      kept++;
    }
    return page;
  };
}

/**
 * Reads the first pages of a fleet's list (no search text) for the holder of an ID token with
 * prepared statements per sort order. While the read cache listens, the session and the first page
 * come from it (a page it lacks is read by fleet); otherwise one statement reads the live
 * session, the caller's membership of the fleet, the page and the total together.
 * 'signed-out' when the session has ended, null when the caller is not a member of the fleet.
 * Searches (`q`) are not read here: `listInstallations` answers them.
 */
function createFirstPagesReader(db: Db, cache: ReadCache) {
  const withSession = new Map<string, ReturnType<typeof prepareWithSession>>();
  const byFleet = new Map<string, ReturnType<typeof prepareByFleet>>();
  const name = (sort: string, order: string, mine: boolean, ownFirst: boolean) =>
    `installation_list_${sort}_${order}${mine ? '_mine' : ''}${ownFirst ? '_own_first' : ''}`;
  function prepareWithSession(sort: keyof typeof SORT_COLUMNS, order: 'asc' | 'desc', mine: boolean, ownFirst: boolean) {
    const { total, items } = listPageColumns(sql`${fleet.id}`, sql`${user.id}`, sort, order, mine, ownFirst);
    const isMember = sql`${fleetMember.role} is not null`;
    return db
      .select({
        userId: user.id,
        role: fleetMember.role,
        total: sql<number | null>`case when ${isMember} then ${total} end`,
        items: sql<ListItemRow[] | null>`case when ${isMember} then ${items} end`,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(fleet, eq(fleet.slug, sql.placeholder('fleet')))
      .leftJoin(fleetMember, and(eq(fleetMember.fleetId, fleet.id), eq(fleetMember.userId, user.id)))
      .where(and(eq(session.id, sql.placeholder('sid')), eq(session.userId, sql.placeholder('sub')), gt(session.expiresAt, sql`now()`)))
      .limit(1)
      .prepare(name(sort, order, mine, ownFirst));
  }
  function prepareByFleet(sort: keyof typeof SORT_COLUMNS, order: 'asc' | 'desc', mine: boolean, ownFirst: boolean) {
    const { total, items } = listPageColumns(sql`${fleet.id}`, sql`${sql.placeholder('sub')}`, sort, order, mine, ownFirst);
    return db
      .select({ total: sql<number>`${total}`, items: sql<ListItemRow[]>`${items}` })
      .from(fleet)
      .where(eq(fleet.id, sql.placeholder('fleetId')))
      .prepare(`${name(sort, order, mine, ownFirst)}_by_fleet`);
  }
  const sessionUser = createSessionReader(db, cache);
  const callersPage = createCallersPages();
  type Answer = InstallationList | 'signed-out' | null;
  /** The answer at once when the read cache holds the session and the page; otherwise a promise of it. */
  return (claims: IdTokenClaims, query: z.output<typeof InstallationListQuerySchema>): Answer | Promise<Answer> => {
    const mine = query.mine === 'true';
    const ownFirst = query.ownDraftsFirst === 'true';
    const key = `${query.sort}:${query.order}:${mine}:${ownFirst}`;
    // Only a page with the own drafts first has a "today" (the statement of the others has no `since`).
    const today = ownFirst ? todayIn(query.tz ?? 'UTC') : null;
    const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, since: today?.start.toISOString() ?? null };
    const fromCache = (me: SignedInUser | null): Answer | Promise<Answer> => {
      if (!me) return 'signed-out';
      const member = me.fleets.find((f) => f.slug === query.fleet);
      if (!member) return null;
      let statement = byFleet.get(key);
      if (!statement) byFleet.set(key, (statement = prepareByFleet(query.sort, query.order, mine, ownFirst)));
      const read = statement;
      const readPage = async () => (await read.execute({ fleetId: member.id, sub: claims.sub, ...page }))[0] ?? { total: 0, items: [] };
      // Only the first page is kept: it is the one every visit opens, and later pages would let one
      // client fill the memory with every page of a large fleet.
      if (page.offset !== 0) return readPage().then((found) => listPageFor(found, query, claims.sub, member.role));
      // A page with the caller's own drafts first is the caller's own, and only for today in that time zone.
      const whose = mine || ownFirst ? claims.sub : '';
      const when = today ? `:${query.tz ?? 'UTC'}:${today.day}` : '';
      const listKey = `${member.id}:${key}:${whose}:${page.limit}${when}`;
      const held = cache.heldList<ListPage>(listKey);
      if (held) return callersPage(held, query, claims.sub, member.role);
      return cache.list(listKey, readPage).then((found) => callersPage(found!, query, claims.sub, member.role));
    };
    if (cache.isLive) {
      const me = cache.heldSession<SignedInUser>(claims.sid, claims.sub);
      return me ? fromCache(me) : sessionUser(claims).then(fromCache);
    }
    return readWithSession(claims, query, key, mine, ownFirst, page);
  };
  async function readWithSession(
    claims: IdTokenClaims,
    query: z.output<typeof InstallationListQuerySchema>,
    key: string,
    mine: boolean,
    ownFirst: boolean,
    page: { limit: number; offset: number; since: string | null },
  ): Promise<InstallationList | 'signed-out' | null> {
    let statement = withSession.get(key);
    if (!statement) withSession.set(key, (statement = prepareWithSession(query.sort, query.order, mine, ownFirst)));
    const [found] = await statement.execute({ sid: claims.sid, sub: claims.sub, fleet: query.fleet, ...page });
    if (!found) return 'signed-out';
    const { role, userId } = found;
    if (!role) return null;
    return listPageFor({ total: found.total ?? 0, items: found.items ?? [] }, query, userId, role);
  }
}

/**
 * One page of a fleet's list for the holder of an ID token: without search or filter by the
 * one-statement reader (paging, sorting and `mine`), otherwise by the full query.
 * 'signed-out' when the session has ended, null when the caller is not a member of the fleet.
 */
export function createInstallationListReader(db: Db, cache: ReadCache) {
  const readFirstPages = createFirstPagesReader(db, cache);
  const sessionUser = createSessionReader(db, cache);
  const search = async (claims: IdTokenClaims, query: z.output<typeof InstallationListQuerySchema>): Promise<InstallationList | 'signed-out' | null> => {
    const me = await sessionUser(claims);
    if (!me) return 'signed-out';
    return listInstallations(db, new FleetScope(me.fleets).bySlug(query.fleet).id, query, me);
  };
  return (claims: IdTokenClaims, query: z.output<typeof InstallationListQuerySchema>) => {
    const { q, status, from, to, failedChecks } = query;
    return !q && !status && !from && !to && !failedChecks ? readFirstPages(claims, query) : search(claims, query);
  };
}

import { and, asc, desc, eq, inArray, isNotNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { namesAfter, type CarryOver, type CarryOverQuery, type CarryOverSource } from '@portal/domain/carry-over';
import type { Db } from '../../db/client';
import { chargeController, installation, vehicle } from '../../db/schema';
import { notFound } from '../../errors';

/** How many installations the picker lists. */
const RECENT_LIMIT = 10;
/** How far the name suggestion looks for a name the fleet does not use yet. */
const NAME_TRIES = 20;

type Scope = { fleetId: number; userId: string };

const sourceColumns = { id: installation.id, name: installation.name, systemSerialNumber: installation.systemSerial, updatedAt: installation.updatedAt };
const toSource = (row: { id: number; name: string; systemSerialNumber: string; updatedAt: Date }): CarryOverSource => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** Every controller of the installation's system has its PV modules and active channels saved. */
const hasSavedSetup = and(
  sql`exists (select 1 from ${chargeController} where ${chargeController.systemId} = ${installation.systemId})`,
  notExists(
    sql`(select 1 from ${chargeController} where ${chargeController.systemId} = ${installation.systemId}
      and (${chargeController.pvModulesCount} is null or ${chargeController.activeChannelCount} is null))`,
  ),
)!;

/** The installer's installations in the fleet (created or last saved by them), but not the one being filled in. */
function installerSources({ fleetId, userId }: Scope, except: number | undefined): SQL {
  return and(
    eq(installation.fleetId, fleetId),
    or(eq(installation.createdBy, userId), eq(installation.updatedBy, userId)),
    except === undefined ? undefined : ne(installation.id, except),
  )!;
}

/** The most recently changed installation matching `where`. */
async function latest(db: Db, where: SQL) {
  const [row] = await db.select(sourceColumns).from(installation).where(where).orderBy(desc(installation.updatedAt), desc(installation.id)).limit(1);
  return row ?? null;
}

async function vehicleOf(db: Db, source: Awaited<ReturnType<typeof latest>>): Promise<CarryOver['vehicle']> {
  if (!source) return null;
  const [row] = await db
    .select({
      type: vehicle.type,
      manufacturer: vehicle.manufacturer,
      model: vehicle.model,
      year: vehicle.year,
      transmission: vehicle.transmission,
      batteryType: vehicle.batteryType,
      batteryCapacity: vehicle.batteryCapacity,
      batteryCapacityUnit: vehicle.batteryCapacityUnit,
      city: vehicle.city,
    })
    .from(installation)
    .innerJoin(vehicle, eq(vehicle.id, installation.vehicleId))
    .where(eq(installation.id, source.id));
  return row ? { source: toSource(source), values: row } : null;
}

async function setupOf(db: Db, source: Awaited<ReturnType<typeof latest>>): Promise<CarryOver['setup']> {
  if (!source) return null;
  const rows = await db
    .select({ pvModulesCount: chargeController.pvModulesCount, activeChannelCount: chargeController.activeChannelCount })
    .from(chargeController)
    .innerJoin(installation, eq(installation.systemId, chargeController.systemId))
    .where(eq(installation.id, source.id))
    // The positions are the detail's: controllers by serial number.
    .orderBy(asc(chargeController.serialNumber));
  const controllers = rows.flatMap((c) => (c.pvModulesCount === null || c.activeChannelCount === null ? [] : [{ pvModulesCount: c.pvModulesCount, activeChannelCount: c.activeChannelCount }]));
  if (controllers.length === 0 || controllers.length !== rows.length) return null;
  return { source: toSource(source), controllers };
}

/** The name after the installer's last one in the fleet (else the fleet's last), skipping names the fleet already has. */
async function suggestedName(db: Db, scope: Scope, except: number | undefined): Promise<CarryOver['name']> {
  const others = except === undefined ? undefined : ne(installation.id, except);
  const newest = async (where: SQL | undefined) => {
    const [row] = await db.select(sourceColumns).from(installation).where(where).orderBy(desc(installation.createdAt), desc(installation.id)).limit(1);
    return row ?? null;
  };
  const source =
    (await newest(and(eq(installation.fleetId, scope.fleetId), eq(installation.createdBy, scope.userId), others))) ?? (await newest(and(eq(installation.fleetId, scope.fleetId), others)));
  if (!source) return null;
  const candidates = namesAfter(source.name, NAME_TRIES);
  if (candidates.length === 0) return null;
  const taken = new Set(
    (await db.select({ name: installation.name }).from(installation).where(and(eq(installation.fleetId, scope.fleetId), inArray(installation.name, candidates)))).map((r) => r.name),
  );
  return { source: toSource(source), suggested: candidates.find((name) => !taken.has(name)) ?? candidates[0]! };
}

/**
 * What a new installation in a fleet can take over: the vehicle and the setup of the installer's
 * last installation there (or of the one picked with `from`), the next name of its series, and
 * the fleet's recent vehicles to pick from. `for` and `from` must be installations of this fleet
 * (404 otherwise). The VIN, licence plate and mileage are never part of it.
 */
export async function readCarryOver(db: Db, scope: Scope, query: CarryOverQuery): Promise<CarryOver> {
  const ids = [query.for, query.from].filter((id): id is number => id !== undefined);
  if (ids.length > 0) {
    const found = await db
      .select({ id: installation.id })
      .from(installation)
      .where(and(eq(installation.fleetId, scope.fleetId), inArray(installation.id, ids)));
    if (found.length !== new Set(ids).size) throw notFound('Installation');
  }
  const except = query.for;
  const picked = query.from === undefined ? null : await latest(db, eq(installation.id, query.from));
  const [vehicleSource, setupSource] = picked
    ? [picked, picked]
    : await Promise.all([
        latest(db, and(installerSources(scope, except), isNotNull(installation.vehicleId))!),
        latest(db, and(installerSources(scope, except), hasSavedSetup)!),
      ]);
  const [carriedVehicle, carriedSetup, name, recent] = await Promise.all([
    vehicleOf(db, vehicleSource),
    setupOf(db, setupSource),
    suggestedName(db, scope, except),
    db
      .select({ ...sourceColumns, manufacturer: vehicle.manufacturer, model: vehicle.model, year: vehicle.year })
      .from(installation)
      .innerJoin(vehicle, eq(vehicle.id, installation.vehicleId))
      .where(and(eq(installation.fleetId, scope.fleetId), except === undefined ? undefined : ne(installation.id, except)))
      .orderBy(desc(installation.updatedAt), desc(installation.id))
      .limit(RECENT_LIMIT),
  ]);
  return {
    vehicle: carriedVehicle,
    setup: carriedSetup,
    name,
    recent: recent.map(({ manufacturer, model, year, ...source }) => ({ ...toSource(source), manufacturer, model, year })),
  };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { canDeleteInstallation, isEditable } from '@portal/domain/installation';
import type { SignedInUser } from '../../auth/id-token';
import type { Db } from '../../db/client';
import { chargeController, installation, partner, system } from '../../db/schema';
import { AppError, notFound } from '../../errors';

export type InstallationRow = typeof installation.$inferSelect;
/** The signed-in caller, with the roles of their fleets. */
export type Caller = Pick<SignedInUser, 'userId' | 'fleets'>;
/** The caller of a write: who they are, their fleets, and the company whose partners they may name. */
export type Writer = Caller & Pick<SignedInUser, 'companyId'>;

/** The domain's delete rule for this caller, with their role in the installation's fleet. */
export const callerMayDelete = (row: Pick<InstallationRow, 'status' | 'createdBy' | 'fleetId'>, caller: Caller) =>
  canDeleteInstallation(row, { userId: caller.userId, role: caller.fleets.find((f) => f.id === row.fleetId)?.role });

export const searchTextOf = (name: string, serial: string, vin: string | null | undefined) => [name, serial, vin ?? ''].join(' ').toLowerCase();

/** The serial numbers of the fleet's registry without an installation, sorted. */
export async function openSerials(db: Db, fleetId: number): Promise<string[]> {
  const rows = await db
    .select({ serialNumber: system.serialNumber })
    .from(system)
    .leftJoin(installation, eq(installation.systemId, system.id))
    .where(and(eq(system.fleetId, fleetId), sql`${installation.id} is null`))
    .orderBy(system.serialNumber);
  return rows.map((row) => row.serialNumber);
}

/** Whether the user started an installation (draft or completed) in the fleet: one row at most, by the (fleet, creator) index. */
export async function hasStartedInstallation(db: Db, fleetId: number, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: installation.id })
    .from(installation)
    .where(and(eq(installation.fleetId, fleetId), eq(installation.createdBy, userId)))
    .limit(1);
  return rows.length > 0;
}

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
  assertVersion(row, version);
}

/** Checks that a write is based on the installation's current version (409 VERSION_CONFLICT otherwise). */
export function assertVersion(row: InstallationRow, version: number) {
  if (row.version !== version) {
    throw new AppError('VERSION_CONFLICT', 'Someone else changed this installation. Reload it to see their changes.', {
      currentVersion: row.version,
    });
  }
}

/**
 * The installation locked for a write (until the transaction ends): in the caller's fleets, still
 * a draft, and at `version` (without one, at whatever version it has now).
 */
export async function lockWritable(tx: Db, fleetIds: number[], id: number, version: number | undefined) {
  const row = await findScopedInstallation(tx, fleetIds, id, { forUpdate: true });
  assertWritable(row, version ?? row.version);
  return row;
}

/** Every change of an installation says who made it and when (updatedBy, updatedAt). */
export async function bumpVersion(tx: Db, id: number, actor: string, set: Partial<typeof installation.$inferInsert> = {}) {
  const [row] = await tx
    .update(installation)
    .set({ ...set, version: sql`${installation.version} + 1`, updatedAt: new Date(), updatedBy: actor })
    .where(eq(installation.id, id))
    .returning();
  return row!;
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

/** A partner may only be one of the installer's own company. */
export async function assertOwnPartner(db: Db, companyId: number | null, partnerId: number | null | undefined) {
  if (partnerId == null) return;
  const [row] = companyId ? await db.select({ id: partner.id }).from(partner).where(and(eq(partner.id, partnerId), eq(partner.companyId, companyId))) : [];
  if (!row) throw notFound('Partner');
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


import { eq } from 'drizzle-orm';
import type { SaveVehicle } from '@portal/domain/vehicle';
import type { Db } from '../../db/client';
import { vehicle } from '../../db/schema';
import { toVehicle } from './read-model';
import { findInstallationOfVehicle } from './repository';
import { recordVehicle } from './save-vehicle';

/** A vehicle of an installation in the caller's fleets; 404 otherwise. */
export async function readScopedVehicle(db: Db, fleetIds: number[], vehicleId: number) {
  await findInstallationOfVehicle(db, fleetIds, vehicleId);
  const [row] = await db.select().from(vehicle).where(eq(vehicle.id, vehicleId));
  return toVehicle(row!);
}

/** Updates a vehicle through its installation (`version` is the installation's), then reads it back. */
export async function updateScopedVehicle(db: Db, fleetIds: number[], actor: string, vehicleId: number, input: SaveVehicle) {
  const installationId = await findInstallationOfVehicle(db, fleetIds, vehicleId);
  await recordVehicle(db, fleetIds, actor, installationId, input);
  return readScopedVehicle(db, fleetIds, vehicleId);
}

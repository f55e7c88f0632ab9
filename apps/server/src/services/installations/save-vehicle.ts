import { eq } from 'drizzle-orm';
import type { Installation } from '@portal/domain/installation';
import { VehicleInputSchema, type SaveVehicle, type VehicleData } from '@portal/domain/vehicle';
import type { Db } from '../../db/client';
import { vehicle } from '../../db/schema';
import { changedFields, recordHistory } from '../reports/history';
import { installationForCaller } from './read-model';
import { bumpVersion, lockWritable, searchTextOf, type Caller } from './repository';

/** Records the vehicle of an installation (`version` is the installation's): creates it on the first save, updates it afterwards. */
export async function recordVehicle(db: Db, fleetIds: number[], actor: string, id: number, input: SaveVehicle) {
  const { version, ...fields } = input;
  const data = VehicleInputSchema.parse(fields);
  return db.transaction(async (tx) => {
    const row = await lockWritable(tx as Db, fleetIds, id, version);
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

/** Records the vehicle of a draft, then answers the installation as the caller reads it. */
export async function saveVehicle(db: Db, fleetIds: number[], caller: Caller, id: number, input: SaveVehicle): Promise<Installation> {
  return installationForCaller(db, await recordVehicle(db, fleetIds, caller.userId, id, input), caller);
}

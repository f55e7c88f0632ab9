import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { company, fleet, installation, system, user, vehicle } from '../src/db/schema';

const DAY = 24 * 60 * 60 * 1000;
export const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Fleet "roll": ten registry systems, every rollout status, two installer companies and installers
 * of none, two cities and a vehicle without one. Fleet "other" has one installation of its own.
 *
 *  serial  creator       city     state
 *  R01     -             -        not started
 *  R02     -             -        not started
 *  R03     alice (Alpha) Berlin   draft, touched 1 day ago, customer confirmed   -> in progress
 *  R04     bob (Beta)    Hamburg  draft, touched 5 days ago, vehicle saved       -> stalled (step vehicle)
 *  R05     alice (Alpha) Berlin   completed 2 days ago                           -> completed
 *  R06     bob (Beta)    Hamburg  completed 10 days ago                          -> completed
 *  R07     alice (Alpha) Hamburg  completed 2 days ago with failed checks        -> completed with failed checks
 *  R08     bob (Beta)    Berlin   reopened 4 days ago, system confirmed          -> reopened (step system)
 *  R09     carol (none)  -        draft, touched now                             -> in progress
 *  R10     carol (none)  Berlin   completed now                                  -> completed
 */
export async function seedRollout(db: Db, now: Date) {
  const [alpha] = await db.insert(company).values({ name: 'Alpha Solar', shortName: 'ALP', email: 'office@alpha.example' }).returning();
  const [beta] = await db.insert(company).values({ name: 'Beta Montage', shortName: 'BET', email: 'office@beta.example' }).returning();
  const [roll] = await db.insert(fleet).values({ slug: 'roll', name: 'Roll Buses', customerName: 'Roll AG', primaryContact: 'Rita', email: 'rita@roll.example' }).returning();
  const [other] = await db.insert(fleet).values({ slug: 'other', name: 'Other Vans', customerName: 'Other AG', primaryContact: 'Otto', email: 'otto@other.example' }).returning();
  const people = {
    alice: { email: 'alice@alpha.example', companyId: alpha!.id },
    bob: { email: 'bob@beta.example', companyId: beta!.id },
    carol: { email: 'carol@example.com', companyId: null },
  };
  const ids: Record<string, string> = {};
  for (const [name, p] of Object.entries(people)) {
    const [row] = await db.insert(user).values({ id: `u-${name}`, name, email: p.email, emailVerified: true, companyId: p.companyId }).returning();
    ids[name] = row!.id;
  }

  const systems = new Map<string, number>();
  for (let i = 1; i <= 10; i++) {
    const serial = `R${String(i).padStart(2, '0')}`;
    const [row] = await db.insert(system).values({ serialNumber: serial, fleetId: roll!.id, pvModuleCount: 4, pvModuleVersion: 'M1', installedCapacityWp: 1600 }).returning();
    systems.set(serial, row!.id);
  }
  const [otherSystem] = await db.insert(system).values({ serialNumber: 'X01', fleetId: other!.id, pvModuleCount: 4, pvModuleVersion: 'M1', installedCapacityWp: 1600 }).returning();

  const addVehicle = async (fleetId: number, city: string | null) => {
    const [v] = await db
      .insert(vehicle)
      .values({ fleetId, type: 'bus', manufacturer: 'MAN', model: 'Lion', year: 2022, transmission: 'diesel', batteryType: 'LV', batteryCapacity: 200, batteryCapacityUnit: 'Ah', vin: `VIN${Math.random()}`, city })
      .returning();
    return v!.id;
  };
  type Spec = {
    serial: string;
    by: keyof typeof people;
    city?: string | null;
    status: 'draft' | 'completed';
    updated: Date;
    submitted?: Date;
    failed?: boolean;
    reopened?: Date;
    customer?: boolean;
    systemConfirmed?: boolean;
  };
  const specs: Spec[] = [
    { serial: 'R03', by: 'alice', city: 'Berlin', status: 'draft', updated: ago(now, 1), customer: true },
    { serial: 'R04', by: 'bob', city: 'Hamburg', status: 'draft', updated: ago(now, 5), customer: true },
    { serial: 'R05', by: 'alice', city: 'Berlin', status: 'completed', updated: ago(now, 2), submitted: ago(now, 2) },
    { serial: 'R06', by: 'bob', city: 'Hamburg', status: 'completed', updated: ago(now, 10), submitted: ago(now, 10) },
    { serial: 'R07', by: 'alice', city: 'Hamburg', status: 'completed', updated: ago(now, 2), submitted: ago(now, 2), failed: true },
    { serial: 'R08', by: 'bob', city: 'Berlin', status: 'draft', updated: ago(now, 4), reopened: ago(now, 4), customer: true, systemConfirmed: true },
    { serial: 'R09', by: 'carol', status: 'draft', updated: now },
    { serial: 'R10', by: 'carol', city: 'Berlin', status: 'completed', updated: now, submitted: now },
  ];
  const installations = new Map<string, number>();
  for (const s of specs) {
    const vehicleId = s.city === undefined ? null : await addVehicle(roll!.id, s.city);
    const [row] = await db
      .insert(installation)
      .values({
        fleetId: roll!.id,
        systemId: systems.get(s.serial)!,
        systemSerial: s.serial,
        vehicleId,
        createdBy: ids[s.by],
        name: s.serial,
        status: s.status,
        startDate: dayOf(ago(now, 12)),
        completionDate: s.submitted ? dayOf(s.submitted) : null,
        submittedAt: s.submitted ?? null,
        submittedBy: s.submitted ? ids[s.by] : null,
        proceededWithFailedChecks: !!s.failed,
        reopenedAt: s.reopened ?? null,
        customerDataConfirmed: !!s.customer,
        systemDataConfirmed: !!s.systemConfirmed,
        updatedAt: s.updated,
      })
      .returning();
    // $onUpdate does not touch inserts, but be explicit: the rollout reads this moment.
    await db.update(installation).set({ updatedAt: s.updated }).where(eq(installation.id, row!.id));
    installations.set(s.serial, row!.id);
  }
  const [otherInstallation] = await db
    .insert(installation)
    .values({ fleetId: other!.id, systemId: otherSystem!.id, systemSerial: 'X01', name: 'X01', status: 'draft', startDate: dayOf(now), updatedAt: ago(now, 9) })
    .returning();
  return { alpha: alpha!, beta: beta!, roll: roll!, other: other!, installations, otherInstallationId: otherInstallation!.id };
}

import { count, eq, sql } from 'drizzle-orm';
import { DEFAULT_FLEET } from '@portal/domain/constants';
import type { Db } from './client';
import type { RegistrySystem } from '@portal/domain/registry';
import { channelsFor } from '@portal/domain/system';
import { insertSystem } from '../services/access/registry';
import { company, fleet, fleetMember, user } from './schema';

export const DEMO_COMPANY = { name: 'Solarfit Installations GmbH', shortName: 'SFI', email: 'office@solarfit.example' };

interface ControllerSeed {
  serialNumber: string;
  type: 'HV' | 'LV';
}
interface SystemSeed {
  serialNumber: string;
  pvModuleCount: number;
  pvModuleVersion: string;
  installedCapacityWp: number;
  controllers: ControllerSeed[];
  telematics: { unit: string; imei: string; iccid: string }[];
}

const FLEETS = [
  {
    slug: DEFAULT_FLEET,
    name: 'Sono Demo Fleet',
    customerName: 'Sono Motors GmbH',
    primaryContact: 'Laurin Hahn',
    email: 'fleet@sonomotors.example',
  },
  { slug: 'acme', name: 'ACME Logistics', customerName: 'ACME Logistics AG', primaryContact: 'Jane Roe', email: 'fleet@acme.example' },
];

/**
 * One demo system per row: its serial number, PV modules, module version, capacity (Wp), the types
 * of its controllers (named after the system, -A, -B, ...) and its one telematics unit.
 */
const system = (
  serialNumber: string,
  pvModuleCount: number,
  pvModuleVersion: string,
  installedCapacityWp: number,
  types: ControllerSeed['type'][],
  telematics: { unit: string; imei: string; iccid: string },
): SystemSeed => ({
  serialNumber,
  pvModuleCount,
  pvModuleVersion,
  installedCapacityWp,
  controllers: types.map((type, i) => ({ serialNumber: `${serialNumber.replace(/^SN-/, 'CC-')}-${String.fromCharCode(65 + i)}`, type })),
  telematics: [telematics],
});
const unit = (name: string, imei: string, iccid: string) => ({ unit: name, imei, iccid });

const demoSystems: Record<string, SystemSeed[]> = {
  [DEFAULT_FLEET]: [
    system('SN-DEMO-0001', 12, 'SBS-M 2.1', 1440, ['HV', 'HV'], unit('TCU-4G v3', '356938035643801', '8949226000000000011')),
    system('SN-DEMO-0002', 8, 'SBS-M 2.1', 960, ['LV'], unit('TCU-4G v3', '356938035643802', '8949226000000000012')),
    system('SN-DEMO-0003', 16, 'SBS-L 1.4', 2080, ['HV', 'LV'], unit('TCU-4G v3', '356938035643803', '8949226000000000013')),
    system('SN-DEMO-0004', 6, 'SBS-M 2.0', 720, ['LV'], unit('TCU-LTE-M v2', '356938035643804', '8949226000000000014')),
    // Its second controller never reports a heartbeat, so the failed check can be seen.
    system('SN-DEMO-0005', 10, 'SBS-M 2.1', 1200, ['HV', 'LV'], unit('TCU-4G v3', '356938035643805', '8949226000000000015')),
  ],
  acme: [system('SN-ACME-0001', 10, 'SBS-M 2.1', 1200, ['HV'], unit('TCU-4G v3', '356938035649901', '8949226000000000901'))],
};

/** A demo system as the registry import would have read it: the demo controllers' hardware and firmware. */
const toRegistrySystem = (s: SystemSeed): RegistrySystem => ({
  ...s,
  controllers: s.controllers.map((c) => ({ ...c, hardwareVersion: c.type === 'HV' ? 'HW 3.2' : 'HW 2.4', firmwareVersion: '1.8.3', channelCount: channelsFor(c.type) })),
});

/** The demo data set; runs only on an empty database. Returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Processes starting together on one server: one seeds, the others then find data.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [existing] = await tx.select({ n: count() }).from(fleet);
    if ((existing?.n ?? 0) > 0) return false;
    await tx.insert(company).values(DEMO_COMPANY);
    for (const f of FLEETS) {
      const [row] = await tx.insert(fleet).values(f).returning({ id: fleet.id });
      for (const s of demoSystems[f.slug] ?? []) await insertSystem(tx as Db, row!.id, toRegistrySystem(s));
    }
    return true;
  });
}

/** Demo mode: whoever signs up through the sign-in page joins the demo company and fleet. */
export async function grantDemoAccess(db: Db, userId: string): Promise<void> {
  const [demoFleet] = await db.select({ id: fleet.id }).from(fleet).where(eq(fleet.slug, DEFAULT_FLEET)).limit(1);
  const [demoCompany] = await db.select({ id: company.id }).from(company).where(eq(company.name, DEMO_COMPANY.name)).limit(1);
  if (demoCompany) await db.update(user).set({ companyId: demoCompany.id }).where(eq(user.id, userId));
  if (demoFleet) await db.insert(fleetMember).values({ userId, fleetId: demoFleet.id, role: 'installer' }).onConflictDoNothing();
}

/** Telematics units and their controllers of the demo systems, for the device simulator. */
export function demoDevices(): { imei: string; controllers: string[] }[] {
  return Object.values(demoSystems)
    .flat()
    .flatMap((s) => s.telematics.map((t) => ({ imei: t.imei, controllers: s.controllers.map((c) => c.serialNumber) })));
}

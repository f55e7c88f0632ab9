import { and, eq } from 'drizzle-orm';
import type { Installation } from '@portal/domain/installation';
import type { ControllerSetup, ControllerSetupResult, InstallationSetup, PhysicalInspection } from '@portal/domain/setup';
import { setupIssues } from '@portal/domain/setup';
import type { SystemCheckEvent } from '@portal/domain/system-check';
import type { Db } from '../../db/client';
import { chargeController, physicalInspection, system } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { changedFields, recordHistory } from '../reports/history';
import type { SystemCheckService } from '../checks/system-checks';
import { installationForCaller } from './read-model';
import { bumpVersion, findInstallationOfController, lockWritable, type Caller, type InstallationRow } from './repository';

type Tx = Db;
type ControllerInput = Omit<InstallationSetup['controllers'][number], 'inspection'> & { inspection?: PhysicalInspection };

/** Runs in the setup save's transaction once the setup is stored (e.g. to start the digital check). */
export type AfterSetupSaved = (tx: Tx, row: InstallationRow, isSetupChanged: boolean) => Promise<void>;

/** Checks and stores controller setups of a locked, writable installation; controllers not given keep their stored counts. */
async function applySetup(tx: Tx, row: InstallationRow, actor: string, given: ControllerInput[], afterSaved?: AfterSetupSaved) {
  const [sys] = await tx.select().from(system).where(eq(system.id, row.systemId));
  const controllers = await tx.select().from(chargeController).where(eq(chargeController.systemId, row.systemId));
  const bySerial = new Map(controllers.map((c) => [c.serialNumber.toLowerCase(), c]));
  const resolved = given.map((c) => {
    const controller = bySerial.get(c.serialNumber.toLowerCase());
    if (!controller) throw notFound(`Charge controller ${c.serialNumber}`);
    return { controller, setup: c };
  });
  const ids = new Set(resolved.map((r) => r.controller.id));
  const others = controllers.filter((c) => !ids.has(c.id)).map((c) => c.pvModulesCount ?? 0);
  const issues = setupIssues(
    resolved.map(({ controller, setup }) => ({ type: controller.type, ...setup })),
    sys!.pvModuleCount,
    others,
  );
  const details = issues.map(({ row, field, message }) => ({ index: row, field, message }));
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

/**
 * Saves the setup of every controller at once (channel limits per controller, PV module sum per
 * system) and starts the digital check in the same transaction (`startForSetup`), announced once
 * committed; answers the installation as the caller reads it.
 */
export async function saveSetup(
  db: Db,
  checks: Pick<SystemCheckService, 'startForSetup' | 'announce'>,
  fleetIds: number[],
  caller: Caller,
  id: number,
  input: InstallationSetup,
): Promise<Installation> {
  let started: SystemCheckEvent | null = null;
  const row = await db.transaction(async (tx) => {
    const locked = await lockWritable(tx as Db, fleetIds, id, input.version);
    return applySetup(tx as Db, locked, caller.userId, input.controllers, async (t, saved, isSetupChanged) => {
      started = await checks.startForSetup(t, saved, caller.userId, isSetupChanged);
    });
  });
  checks.announce(row.id, started);
  return installationForCaller(db, row, caller);
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
    const row = await lockWritable(tx as Db, fleetIds, owner.installationId, input.version);
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


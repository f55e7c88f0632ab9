import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Heartbeat, SystemCheck, SystemCheckEvent, SystemCheckRun } from '@portal/domain/system-check';
import { readAll, rowsOf, type Database, type Db } from '../../db/client';
import { chargeController, heartbeat, installation, systemCheck, systemCheckEvent, systemCheckRun, telematicsUnit } from '../../db/schema';
import { recordFinishedRuns, recordHistory } from '../reports/history';

export const CHECK_EVENTS_CHANNEL = 'system_check_events';

type CheckRow = typeof systemCheck.$inferSelect;

/** The id of an installation's newest event or run, or null before its first. */
async function latestIdOf(d: Db, table: typeof systemCheckEvent | typeof systemCheckRun, installationId: number): Promise<number | null> {
  const [row] = await d.select({ id: table.id }).from(table).where(eq(table.installationId, installationId)).orderBy(desc(table.id)).limit(1);
  return row?.id ?? null;
}

const toCheck = (c: CheckRow): SystemCheck => ({
  id: c.id,
  runId: c.runId,
  type: c.type,
  status: c.status,
  imei: c.imei,
  controllerSerial: c.controllerSerial,
  totalMcu: c.totalMcu,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  lastHeartbeatAt: c.lastHeartbeatAt?.toISOString() ?? null,
});

/** Stores an event and tells every process (on commit) that the installation has news. */
async function publish(tx: Db, installationId: number, event: SystemCheckEvent) {
  await tx.insert(systemCheckEvent).values({ installationId, payload: JSON.stringify(event) });
  await tx.execute(sql`select pg_notify(${CHECK_EVENTS_CHANNEL}, ${String(installationId)})`);
}

/** When every check of the latest run passed, an earlier "proceed with failed checks" no longer applies. */
async function resetProceedFlagIfAllPassed(tx: Db, installationId: number) {
  await tx.execute(sql`
    update installation set proceeded_with_failed_checks = false, failed_checks_reason = null
    where id = ${installationId} and proceeded_with_failed_checks
      and not exists (
        select 1 from system_check c
        where c.run_id = (select max(id) from system_check_run where installation_id = ${installationId})
          and c.status <> 'success')`);
}

export interface SystemCheckOptions {
  windowSeconds: number;
  onRunStarted?: (run: { installationId: number; checks: SystemCheck[] }) => void;
}

export function createSystemCheckService(database: Database, options: SystemCheckOptions) {
  const { db } = database;

  async function lastEventId(d: Db, installationId: number) {
    return String((await latestIdOf(d, systemCheckEvent, installationId)) ?? 0);
  }

  async function readRun(d: Db, installationId: number, runId?: number): Promise<SystemCheckRun | null> {
    const [run] = await d
      .select()
      .from(systemCheckRun)
      .where(runId ? eq(systemCheckRun.id, runId) : eq(systemCheckRun.installationId, installationId))
      .orderBy(desc(systemCheckRun.id))
      .limit(1);
    if (!run) return null;
    const checks = await d.select().from(systemCheck).where(eq(systemCheck.runId, run.id)).orderBy(asc(systemCheck.id));
    return {
      runId: run.id,
      startedAt: run.startedAt.toISOString(),
      windowEndsAt: run.windowEndsAt.toISOString(),
      checks: checks.map(toCheck),
      lastEventId: await lastEventId(d, installationId),
    };
  }

  /**
   * A new run, all pending: a telematics check per unit, a controller check per charge controller,
   * then the unit's ignition and sense-line checks.
   */
  async function insertRun(tx: Db, installationId: number, systemId: number) {
    const deadline = sql`now() + make_interval(secs => ${options.windowSeconds})`;
    const [run] = await tx
      .insert(systemCheckRun)
      .values({ installationId, windowEndsAt: deadline as unknown as Date })
      .returning();
    const [units, controllers] = await readAll(tx, [
      () => tx.select().from(telematicsUnit).where(eq(telematicsUnit.systemId, systemId)).orderBy(asc(telematicsUnit.id)),
      () => tx.select().from(chargeController).where(eq(chargeController.systemId, systemId)).orderBy(asc(chargeController.serialNumber)),
    ]);
    const gateway = units[0]?.imei ?? null;
    const rows = [
      ...units.map((u) => ({ type: 'telematics-heartbeat' as const, imei: u.imei, controllerSerial: null })),
      ...controllers.map((c) => ({ type: 'mcu-heartbeat' as const, imei: gateway, controllerSerial: c.serialNumber })),
      ...units.map((u) => ({ type: 'ignition-heartbeat' as const, imei: u.imei, controllerSerial: null })),
      ...units.map((u) => ({ type: 'sense-line-connection' as const, imei: u.imei, controllerSerial: null })),
    ];
    const checks = rows.length
      ? await tx
          .insert(systemCheck)
          .values(rows.map((r) => ({ ...r, installationId, runId: run!.id, deadlineAt: run!.windowEndsAt })))
          .returning()
      : [];
    const event: SystemCheckEvent = {
      kind: 'run-started',
      runId: run!.id,
      startedAt: run!.startedAt.toISOString(),
      windowEndsAt: run!.windowEndsAt.toISOString(),
      checks: checks.map(toCheck),
    };
    await publish(tx, installationId, event);
    return event;
  }

  async function startLocked(installationId: number, restart: boolean, actor: string | null): Promise<SystemCheckRun> {
    let started: SystemCheckEvent | null = null;
    const runId = await db.transaction(async (tx) => {
      // Lock the installation so concurrent first reads start one run, not several.
      const [row] = await tx.select().from(installation).where(eq(installation.id, installationId)).for('update');
      if (!restart) {
        const existing = await latestIdOf(tx as Db, systemCheckRun, installationId);
        if (existing !== null) return existing;
      }
      started = await insertRun(tx as Db, installationId, row!.systemId);
      const { runId: newRunId, checks } = started as Extract<SystemCheckEvent, { kind: 'run-started' }>;
      await recordHistory(tx as Db, row!, actor, 'checkRunStarted', [{ field: String(newRunId), newValue: checks.length }]);
      return (started as { runId: number }).runId;
    });
    announce(installationId, started);
    return (await readRun(db, installationId, runId))!;
  }

  function announce(installationId: number, event: SystemCheckEvent | null) {
    if (event?.kind === 'run-started') options.onRunStarted?.({ installationId, checks: event.checks });
  }

  return {
    /**
     * Inside the transaction that saves the setup (the installation row is locked): starts the check
     * at once, so it runs while the installer takes the photos. A run that already exists is kept
     * unless the saved setup changed something; a retried or unchanged save never restarts it.
     * Call `announce` with the answer after the commit.
     */
    async startForSetup(tx: Db, row: typeof installation.$inferSelect, actor: string | null, isSetupChanged: boolean): Promise<SystemCheckEvent | null> {
      if (!isSetupChanged && (await latestIdOf(tx, systemCheckRun, row.id)) !== null) return null;
      const started = await insertRun(tx, row.id, row.systemId);
      if (started.kind === 'run-started') await recordHistory(tx, row, actor, 'checkRunStarted', [{ field: String(started.runId), newValue: started.checks.length }]);
      return started;
    },
    announce,

    /** The latest run of an installation; the first read starts one. */
    getOrStart: (installationId: number, actor: string | null = null) => startLocked(installationId, false, actor),
    restart: (installationId: number, actor: string | null = null) => startLocked(installationId, true, actor),

    /** Stores raw heartbeats and turns the matching checks of running runs to success. */
    async ingest(heartbeats: Heartbeat[]): Promise<{ received: number; matched: number }> {
      return db.transaction(async (tx) => {
        await tx.insert(heartbeat).values(
          heartbeats.map((h) => ({
            type: h.type,
            imei: h.imei,
            controllerSerial: h.type === 'mcu-heartbeat' ? h.controllerSerial : null,
            totalMcu: h.type === 'mcu-heartbeat' ? (h.totalMcu ?? null) : null,
            deviceTimestamp: new Date(h.timestamp),
          })),
        );
        const changed = new Map<number, CheckRow>();
        for (const h of heartbeats) {
          const match =
            h.type === 'mcu-heartbeat'
              ? and(eq(systemCheck.type, 'mcu-heartbeat'), sql`lower(${systemCheck.controllerSerial}) = lower(${h.controllerSerial})`)
              : and(eq(systemCheck.type, h.type), eq(systemCheck.imei, h.imei));
          // Only the latest run of each installation listens; it exists, so it started before this heartbeat arrived.
          const rows = await tx
            .update(systemCheck)
            .set({
              status: 'success',
              lastHeartbeatAt: new Date(h.timestamp),
              updatedAt: new Date(),
              ...(h.type === 'mcu-heartbeat' && h.totalMcu !== undefined ? { totalMcu: h.totalMcu } : {}),
            })
            .where(
              and(
                match,
                inArray(systemCheck.status, ['pending', 'success']),
                sql`${systemCheck.runId} = (select max(r.id) from system_check_run r where r.installation_id = ${systemCheck.installationId})`,
              ),
            )
            .returning();
          for (const r of rows) changed.set(r.id, r);
        }
        const byInstallation = new Map<number, CheckRow[]>();
        for (const r of changed.values()) byInstallation.set(r.installationId, [...(byInstallation.get(r.installationId) ?? []), r]);
        for (const [installationId, rows] of byInstallation) {
          for (const r of rows) await publish(tx as Db, installationId, { kind: 'check-updated', check: toCheck(r) });
          await resetProceedFlagIfAllPassed(tx as Db, installationId);
        }
        await recordFinishedRuns(tx as Db, [...byInstallation.keys()]);
        return { received: heartbeats.length, matched: changed.size };
      });
    },

    /**
     * Fails the checks whose window has passed. Safe in several processes at once: rows are
     * claimed with SKIP LOCKED and only a pending row can fail, so each fails exactly once.
     */
    async sweep(limit = 200): Promise<number> {
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          update system_check set status = 'failed', updated_at = now()
          where id in (
            select id from system_check
            where status = 'pending' and deadline_at <= now()
            order by deadline_at
            limit ${limit}
            for update skip locked)
          returning id`);
        const ids = rowsOf<{ id: number }>(result).map((r) => r.id);
        if (ids.length === 0) return 0;
        const rows = await tx.select().from(systemCheck).where(inArray(systemCheck.id, ids)).orderBy(asc(systemCheck.id));
        for (const r of rows) await publish(tx as Db, r.installationId, { kind: 'check-updated', check: toCheck(r) });
        await recordFinishedRuns(tx as Db, [...new Set(rows.map((r) => r.installationId))]);
        return rows.length;
      });
    },

    /** Deletes raw heartbeats received more than `retentionDays` ago, oldest first, a batch at a time. */
    async purgeHeartbeats(retentionDays: number, limit = 1000): Promise<number> {
      const result = await db.execute(sql`
        delete from heartbeat where id in (
          select id from heartbeat
          where received_at < now() - make_interval(days => ${retentionDays})
          order by received_at
          limit ${limit}
          for update skip locked)
        returning id`);
      return rowsOf<{ id: number }>(result).length;
    },

    /** Events of an installation after an id, oldest first. */
    async eventsAfter(installationId: number, afterId: number) {
      return db
        .select({ id: systemCheckEvent.id, payload: systemCheckEvent.payload })
        .from(systemCheckEvent)
        .where(and(eq(systemCheckEvent.installationId, installationId), gt(systemCheckEvent.id, afterId)))
        .orderBy(asc(systemCheckEvent.id))
        .limit(1000);
    },
    lastEventId: (installationId: number) => lastEventId(db, installationId),
  };
}

export type SystemCheckService = ReturnType<typeof createSystemCheckService>;

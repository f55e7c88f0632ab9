import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { HistoryAction, HistoryEntry } from '@portal/domain/history';
import { rowsOf, type Db } from '../../db/client';
import { installationHistory, user } from '../../db/schema';

/** The installation a history entry belongs to: enough to find it by fleet after it is gone. */
export type HistorySubject = { id: number; fleetId: number; systemSerial: string };
export type HistoryChange = { field: string | null; oldValue?: unknown; newValue?: unknown };

const asText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** The fields whose value differs, as history changes (values as text). */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T> | null, after: Partial<T>, fields: readonly (keyof T & string)[], prefix = ''): HistoryChange[] {
  return fields
    .filter((f) => f in after && asText(before?.[f]) !== asText(after[f]))
    .map((f) => ({ field: prefix + f, oldValue: before?.[f] ?? null, newValue: after[f] ?? null }));
}

/**
 * Appends to the history, inside the caller's transaction: the write and its record commit
 * together or not at all. The actor's name and email are kept as they are now. Nothing in the
 * portal updates or deletes these rows.
 */
export async function recordHistory(tx: Db, subject: HistorySubject, actorId: string | null, action: HistoryAction, changes: HistoryChange[] = [{ field: null }]) {
  if (changes.length === 0) return;
  const [actor] = actorId ? await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, actorId)) : [];
  await tx.insert(installationHistory).values(
    changes.map((c) => ({
      fleetId: subject.fleetId,
      installationId: subject.id,
      systemSerial: subject.systemSerial,
      actorId,
      actorName: actor?.name ?? null,
      actorEmail: actor?.email ?? null,
      action,
      field: c.field,
      oldValue: asText(c.oldValue),
      newValue: asText(c.newValue),
    })),
  );
}

/**
 * Records the end of each given installation's latest check run once no check of it is pending:
 * the field names the run, the value how many passed of how many.
 */
export async function recordFinishedRuns(tx: Db, installationIds: number[]) {
  if (installationIds.length === 0) return;
  await tx.execute(sql`
    insert into installation_history (fleet_id, installation_id, system_serial, action, field, new_value)
    select i.fleet_id, i.id, i.system_serial, 'checkRunFinished', r.id::text,
      (select count(*) filter (where c.status = 'success') || '/' || count(*) from system_check c where c.run_id = r.id)
    from installation i
    join lateral (select max(id) as id from system_check_run where installation_id = i.id) r on r.id is not null
    where i.id in (${sql.join(installationIds.map((id) => sql`${id}`), sql`, `)})
      and not exists (select 1 from system_check c where c.run_id = r.id and c.status = 'pending')
      and not exists (select 1 from installation_history h where h.installation_id = i.id and h.action = 'checkRunFinished' and h.field = r.id::text)`);
}

type HistoryRow = typeof installationHistory.$inferSelect;

const toEntry = (r: HistoryRow): HistoryEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  action: r.action as HistoryAction,
  actor: r.actorEmail ? { name: r.actorName ?? r.actorEmail, email: r.actorEmail } : null,
  field: r.field,
  oldValue: r.oldValue,
  newValue: r.newValue,
});

/** An installation's history, newest first. */
export async function listHistory(db: Db, installationId: number): Promise<HistoryEntry[]> {
  const rows = await db.select().from(installationHistory).where(eq(installationHistory.installationId, installationId)).orderBy(desc(installationHistory.id));
  return rows.map(toEntry);
}

/** A fleet's history between two days (both included, UTC), oldest first. */
export async function fleetHistory(db: Db, fleetId: number, from: string, to: string) {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const rows = await db
    .select()
    .from(installationHistory)
    .where(and(eq(installationHistory.fleetId, fleetId), gte(installationHistory.at, new Date(`${from}T00:00:00Z`)), lt(installationHistory.at, end)))
    .orderBy(asc(installationHistory.id));
  return rows;
}

/** The first reopening of an installation after a moment; who did it stays in the fleet's history. */
export async function firstReopenAfter(db: Db, installationId: number, after: Date) {
  const [row] = rowsOf<{ at: Date | string }>(
    await db.execute(sql`
      select at from installation_history
      where installation_id = ${installationId} and action = 'reopened' and at > ${after.toISOString()}::timestamptz
      order by id limit 1`),
  );
  return row ? { at: new Date(row.at).toISOString() } : null;
}

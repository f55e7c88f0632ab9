import { sql, type SQL } from 'drizzle-orm';
import {
  DONE_STATUSES,
  NEEDS_ATTENTION_PAGE,
  NEEDS_ATTENTION_STATUSES,
  ROLLOUT_EXPORT_COLUMNS,
  ROLLOUT_STATUSES,
  daysBetween,
  emptyStatusCounts,
  type OperatorRolloutRow,
  type Rollout,
  type RolloutAttention,
  type RolloutFilter,
  type RolloutStatus,
  type RolloutStep,
  type StepFacts,
} from '@portal/domain/rollout';
import { readAll, rowsOf, type Db } from '../../db/client';
import { stepFactsJson, stepOf } from '../installations/read-model';
import { notFound } from '../../errors';
import { toCsv, toXlsx } from './exports';

/** More rows than any fleet's registry has: an export never holds the process with millions. */
const EXPORT_MAX_ROWS = 50_000;

/**
 * Whose rollout is read: a fleet, seen whole (its admins, the operator) or as one installer
 * company's share (its installers: the installations made by people of their company, or their own
 * when they belong to none).
 */
export interface RolloutScope {
  fleetId: number;
  slug: string;
  name: string;
  stallDays: number;
  share: null | { companyId: number | null; userId: string };
  readOnly: boolean;
}

/** The fleet by slug with its stall days, or 404. */
export async function rolloutFleet(db: Db, slug: string) {
  const [row] = rowsOf<{ id: number; slug: string; name: string; stallDays: number }>(
    await db.execute(sql`select id, slug, name, stall_days as "stallDays" from fleet where slug = ${slug}`),
  );
  if (!row) throw notFound('Fleet');
  return row;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * One row per registry system of the fleet with its rollout status and since when, as
 * `rolloutStatus` and `rolloutSince` of the domain work them out, with its installer company and
 * city. Aggregated in the database: the process never loads the registry.
 */
function systemsWithStatus(scope: RolloutScope): SQL {
  const share = scope.share
    ? scope.share.companyId === null
      ? sql`and i.created_by = ${scope.share.userId}`
      : sql`and u.company_id = ${scope.share.companyId}`
    : sql``;
  return sql`
    select s.id as system_id, s.serial_number, i.id as installation_id, u.company_id, c.name as company_name, v.city, i.completion_date,
      case
        when i.id is null then 'notStarted'
        when i.status = 'completed' and i.proceeded_with_failed_checks then 'completedFailedChecks'
        when i.status = 'completed' then 'completed'
        when i.reopened_at is not null then 'reopened'
        when i.updated_at < now() - make_interval(days => ${scope.stallDays}::int) then 'stalled'
        else 'inProgress'
      end as status,
      case
        when i.id is null then null
        when i.status = 'completed' then coalesce(i.submitted_at, i.updated_at)
        when i.reopened_at is not null then i.reopened_at
        else i.updated_at
      end as since
    from system s
    left join installation i on i.system_id = s.id and i.fleet_id = s.fleet_id
    left join "user" u on u.id = i.created_by
    left join company c on c.id = u.company_id
    left join vehicle v on v.id = i.vehicle_id
    where s.fleet_id = ${scope.fleetId} ${share}`;
}

/** The filters as conditions on `systemsWithStatus`: the date range picks the day a system entered its status. */
function filtered(scope: RolloutScope, filter: RolloutFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (scope.share) conditions.push(sql`installation_id is not null`);
  if (filter.from) conditions.push(sql`since >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`since < ${filter.to}::date + 1`);
  if (filter.company === 'none') conditions.push(sql`installation_id is not null and company_id is null`);
  else if (filter.company !== undefined) conditions.push(sql`company_id = ${filter.company}`);
  if (filter.city !== undefined) conditions.push(sql`city = ${filter.city}`);
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  return sql`select * from (${systemsWithStatus(scope)}) b where ${sql.join(conditions, sql` and `)}`;
}

const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type GroupRow = {
  kind: 'all' | 'company' | 'city' | 'period';
  status: RolloutStatus | null;
  period: string | null;
  companyId: number | null;
  companyName: string | null;
  city: string | null;
  n: number;
};

/**
 * In one pass over the filtered systems (grouping sets): counts per status, per company and status,
 * per city and status, and completions per period (day or week) and company.
 */
async function groupCounts(db: Db, base: SQL, interval: 'day' | 'week') {
  const unit = sql.raw(interval === 'week' ? `'week'` : `'day'`);
  return rowsOf<GroupRow>(
    await db.execute(sql`
      select case when grouping(period) = 0 then 'period' when grouping(city) = 0 then 'city' when grouping(company_id) = 0 then 'company' else 'all' end as kind,
        status, period, company_id as "companyId", max(company_name) as "companyName", city, count(*)::int as n
      from (
        select status, company_id, company_name, city,
          case when status in (${list(DONE_STATUSES)}) then to_char(date_trunc(${unit}, since at time zone 'UTC'), 'YYYY-MM-DD') end as period
        from (${base}) b
      ) f
      group by grouping sets ((status), (company_id, status), (city, status), (period, company_id))
      order by period nulls last, company_id nulls last`),
  );
}

type SystemRow = {
  serial: string;
  installationId: number | null;
  status: RolloutStatus;
  since: string | null;
  companyId: number | null;
  companyName: string | null;
  city: string | null;
  completionDate: string | null;
  /** What a draft has saved, per step; null for a completed installation or none. */
  stepFacts: StepFacts | null;
};

/** Systems of the filtered set, longest in their status first, with what tells the step a draft reached. */
async function systemRows(db: Db, base: SQL, options: { statuses?: readonly RolloutStatus[]; limit: number }) {
  const only = options.statuses ? sql`where status in (${list(options.statuses)})` : sql``;
  return rowsOf<SystemRow>(
    await db.execute(sql`
      select f.serial_number as serial, f.installation_id as "installationId", f.status, ${ISO('f.since')} as since,
        f.company_id as "companyId", f.company_name as "companyName", f.city, f.completion_date::text as "completionDate",
        ${stepFactsJson(sql`i`)} as "stepFacts"
      from (select * from (${base}) f0 ${only} order by since asc nulls last, serial_number limit ${options.limit}) f
      left join installation i on i.id = f.installation_id
      order by f.since asc nulls last, f.serial_number`),
  );
}

/** The step a draft reached, by the domain's rule; none for a completed or not started system. */
function stepOfRow(row: SystemRow): RolloutStep | null {
  if (row.installationId === null || row.status === 'completed' || row.status === 'completedFailedChecks' || row.status === 'notStarted') return null;
  return stepOf(row.stepFacts);
}

const groupKey = (id: number | string | null) => (id === null ? '\u0000' : String(id));

/** The rollout page's numbers for a fleet (or one company's share of it), as the filters select. */
export async function rolloutOverview(db: Db, scope: RolloutScope, filter: RolloutFilter, now = new Date()): Promise<Rollout> {
  const base = filtered(scope, filter);
  const shareCondition = scope.share
    ? scope.share.companyId === null
      ? sql`and i.created_by = ${scope.share.userId}`
      : sql`and u.company_id = ${scope.share.companyId}`
    : sql``;
  const q = [
    () => groupCounts(db, base, filter.interval),
    () => systemRows(db, base, { statuses: NEEDS_ATTENTION_STATUSES, limit: NEEDS_ATTENTION_PAGE }),
    () => db.execute(sql`select count(*)::int as n from system where fleet_id = ${scope.fleetId}`).then((r) => rowsOf<{ n: number }>(r)),
    () => db.execute(sql`
      select distinct u.company_id as "companyId", c.name as "companyName", v.city
      from installation i
      left join "user" u on u.id = i.created_by
      left join company c on c.id = u.company_id
      left join vehicle v on v.id = i.vehicle_id
      where i.fleet_id = ${scope.fleetId} ${shareCondition}`),
  ] as const;
  const [groups, attention, [registry], filterOptions] = await readAll(db, q);

  const counts = emptyStatusCounts();
  const companies = new Map<string, Rollout['companies'][number]>();
  const cities = new Map<string, Rollout['cities'][number]>();
  const completions: Rollout['completions'] = [];
  for (const g of groups) {
    if (g.kind === 'period') {
      if (g.period !== null) completions.push({ period: g.period, companyId: g.companyId, count: g.n });
      continue;
    }
    if (g.status === null) continue;
    if (g.kind === 'all') {
      counts[g.status] = g.n;
      continue;
    }
    // Systems not started have no company or city: they belong to no row of these tables.
    if (g.status === 'notStarted') continue;
    const target =
      g.kind === 'company'
        ? companies.get(groupKey(g.companyId)) ??
          companies.set(groupKey(g.companyId), { id: g.companyId, name: g.companyName, counts: emptyStatusCounts(), total: 0, done: 0 }).get(groupKey(g.companyId))!
        : cities.get(groupKey(g.city)) ?? cities.set(groupKey(g.city), { city: g.city, counts: emptyStatusCounts(), total: 0, done: 0 }).get(groupKey(g.city))!;
    target.counts[g.status] = g.n;
    target.total += g.n;
    if ((DONE_STATUSES as readonly string[]).includes(g.status)) target.done += g.n;
  }

  const optionRows = rowsOf<{ companyId: number | null; companyName: string | null; city: string | null }>(filterOptions);
  const byName = (a: string | null, b: string | null) => (a ?? '\uffff').localeCompare(b ?? '\uffff');
  const total = ROLLOUT_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return {
    fleet: { slug: scope.slug, name: scope.name, stallDays: scope.stallDays },
    scope: scope.share ? 'company' : 'fleet',
    readOnly: scope.readOnly,
    registrySize: registry!.n,
    counts,
    total,
    done: counts.completed + counts.completedFailedChecks,
    interval: filter.interval,
    completions,
    companies: [...companies.values()].sort((a, b) => byName(a.name, b.name)),
    cities: [...cities.values()].sort((a, b) => byName(a.city, b.city)),
    needsAttention: {
      total: NEEDS_ATTENTION_STATUSES.reduce((sum, s) => sum + counts[s], 0),
      items: attention.map((row) => toAttention(row, now)),
    },
    options: {
      companies: [...new Map(optionRows.map((r) => [groupKey(r.companyId), { id: r.companyId, name: r.companyName }])).values()].sort((a, b) => byName(a.name, b.name)),
      cities: [...new Set(optionRows.map((r) => r.city).filter((c): c is string => !!c))].sort((a, b) => a.localeCompare(b)),
    },
  };
}

function toAttention(row: SystemRow, now: Date): RolloutAttention {
  return {
    systemSerialNumber: row.serial,
    installationId: row.installationId!,
    status: row.status,
    step: stepOfRow(row),
    since: row.since!,
    days: daysBetween(new Date(row.since!), now),
    company: { id: row.companyId, name: row.companyName },
    city: row.city,
  };
}

/** The needs-attention list for the weekly mail: at most `limit`, longest first. */
export async function needsAttentionList(db: Db, scope: RolloutScope, limit: number, now = new Date()) {
  const rows = await systemRows(db, filtered(scope, { interval: 'day' }), { statuses: NEEDS_ATTENTION_STATUSES, limit });
  return rows.map((row) => toAttention(row, now));
}

/** Every system the filters select, one row each, as the rollout page counts them. */
async function exportRows(db: Db, scope: RolloutScope, filter: RolloutFilter, now: Date) {
  const rows = await systemRows(db, filtered(scope, filter), { limit: EXPORT_MAX_ROWS });
  return rows.map((r) => [
    r.serial,
    r.status,
    stepOfRow(r),
    r.since,
    r.since ? daysBetween(new Date(r.since), now) : null,
    r.installationId,
    r.companyName,
    r.city,
    r.completionDate,
  ]);
}

export async function rolloutCsv(db: Db, scope: RolloutScope, filter: RolloutFilter, now = new Date()) {
  return toCsv(ROLLOUT_EXPORT_COLUMNS, await exportRows(db, scope, filter, now));
}

export async function rolloutXlsx(db: Db, scope: RolloutScope, filter: RolloutFilter, now = new Date()) {
  return toXlsx(ROLLOUT_EXPORT_COLUMNS, await exportRows(db, scope, filter, now));
}

/**
 * The operator's overview: one row per fleet with its registry size, systems done, completed this
 * (ISO) week, completed with failed checks and stalled drafts.
 */
export async function operatorRollout(db: Db): Promise<OperatorRolloutRow[]> {
  return rowsOf<OperatorRolloutRow>(
    await db.execute(sql`
      select f.slug, f.name,
        (select count(*)::int from system s where s.fleet_id = f.id) as "registrySize",
        coalesce(i.done, 0) as done, coalesce(i.this_week, 0) as "completedThisWeek",
        coalesce(i.failed, 0) as "failedChecks", coalesce(i.stalled, 0) as stalled
      from fleet f
      left join lateral (
        select count(*) filter (where status = 'completed')::int as done,
          count(*) filter (where status = 'completed' and completion_date >= date_trunc('week', now() at time zone 'UTC')::date)::int as this_week,
          count(*) filter (where status = 'completed' and proceeded_with_failed_checks)::int as failed,
          count(*) filter (where status = 'draft' and reopened_at is null and updated_at < now() - make_interval(days => f.stall_days))::int as stalled
        from installation where fleet_id = f.id
      ) i on true
      order by lower(f.name)`),
  );
}

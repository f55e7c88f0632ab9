// Seeds a fleet of 10,000 registry systems, 10,000 installations and 100,000 history rows and times
// the rollout page's API (p50/p95), as a fleet admin and as an installer company's share.
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../apps/server/src/admin/commands';
import { benchApp, engineOf, ms, stats } from './lib';

const SYSTEMS = Number(process.env.BENCH_ROLLOUT_SYSTEMS ?? 10_000);
const HISTORY_PER_INSTALLATION = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

export async function benchRollout() {
  const ctx = await benchApp();
  const { db } = ctx.database;
  const seedStart = performance.now();
  await db.execute(sql`insert into fleet (slug, name, customer_name, primary_contact, email) values ('bench-roll', 'Bench Rollout', 'Bench AG', 'Bea', 'bea@bench.example')`);
  const fleetId = sql`(select id from fleet where slug = 'bench-roll')`;
  await db.execute(sql`
    insert into company (name, short_name, email)
    select 'Bench Installer ' || g, 'BI' || g, 'office' || g || '@bench.example' from generate_series(1, 5) g`);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, company_id)
    select 'bench-installer-' || g, 'Installer ' || g, 'installer' || g || '@bench.example', true,
      (select id from company where short_name = 'BI' || (1 + g % 5))
    from generate_series(1, 50) g`);
  await db.execute(sql`
    insert into fleet_member (user_id, fleet_id, role) select 'bench-installer-' || g, ${fleetId}, 'installer' from generate_series(1, 50) g`);
  await db.execute(sql`
    insert into system (serial_number, fleet_id, pv_module_count, pv_module_version, installed_capacity_wp, controller_quantity)
    select 'SN-ROLL-' || lpad(g::text, 6, '0'), ${fleetId}, 10, 'SBS-M 2.1', 1200, 1 from generate_series(1, ${SYSTEMS}) g`);
  await db.execute(sql`
    insert into vehicle (fleet_id, type, manufacturer, model, year, transmission, battery_type, battery_capacity, battery_capacity_unit, vin, mileage, city)
    select ${fleetId}, 'bus', 'Maker', 'Model', 2020, 'electric', 'HV', 400, 'kWh', 'WROLL' || lpad(g::text, 12, '0'), 0, 'City ' || (g % 20)
    from generate_series(1, ${SYSTEMS}) g`);
  // Every system has an installation: 60 % completed (a tenth of those with failed checks), 5 %
  // reopened drafts, the other drafts last touched over the past 30 days.
  await db.execute(sql`
    insert into installation (fleet_id, system_id, system_serial, vehicle_id, name, status, start_date, completion_date, submitted_at,
      proceeded_with_failed_checks, reopened_at, created_by, customer_data_confirmed, updated_at, created_at)
    select s.fleet_id, s.id, s.serial_number, v.id, 'Bus ' || n,
      case when n % 20 < 12 then 'completed' else 'draft' end,
      date '2026-01-01' + (n % 300),
      case when n % 20 < 12 then (now() - make_interval(days => n % 180))::date end,
      case when n % 20 < 12 then now() - make_interval(days => n % 180) end,
      n % 20 < 12 and n % 10 = 0,
      case when n % 20 = 12 then now() - make_interval(days => n % 15) end,
      'bench-installer-' || (1 + n % 50), n % 2 = 0,
      now() - make_interval(days => n % 30, mins => n % 1440), now() - make_interval(days => 200)
    from (select id, serial_number, fleet_id, substring(serial_number from 9)::int as n from system where fleet_id = ${fleetId}) s
    join vehicle v on v.vin = 'WROLL' || lpad(s.n::text, 12, '0')`);
  await db.execute(sql`
    insert into installation_history (fleet_id, installation_id, system_serial, actor_id, at, action, field, new_value)
    select i.fleet_id, i.id, i.system_serial, i.created_by, i.created_at + make_interval(hours => h), 'updated', 'name', 'v' || h
    from installation i cross join generate_series(1, ${HISTORY_PER_INSTALLATION}) h where i.fleet_id = ${fleetId}`);
  await db.execute(sql`
    insert into system_check_run (installation_id, started_at, window_ends_at)
    select id, now(), now() from installation where fleet_id = ${fleetId} and id % 2 = 0`);
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const adminCli = { db, auth: ctx.app.auth };
  await runAdminCommand(adminCli, { command: 'grant', email: 'rollout-admin@bench.example', fleet: 'bench-roll', role: 'admin' });
  const adminToken = (await runAdminCommand(adminCli, { command: 'token', email: 'rollout-admin@bench.example' })).token!;
  const installerToken = (await runAdminCommand(adminCli, { command: 'token', email: 'installer7@bench.example' })).token!;
  const companyId = (await ctx.app.inject({ url: '/api/fleets/bench-roll/rollout', headers: { authorization: `Bearer ${adminToken}` } })).json().options.companies[0].id;
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

  const cases = [
    ['admin, no filter (per day)', '', adminToken],
    ['admin, per week', '?interval=week', adminToken],
    ['admin, one company', `?company=${companyId}`, adminToken],
    ['admin, one city', '?city=City%207', adminToken],
    ['admin, last 90 days', `?from=${day(90)}&to=${day(0)}`, adminToken],
    ['admin, stalled only', '?status=stalled', adminToken],
    ["installer, their company's share", '', installerToken],
  ] as const;
  const rows: { case: string; p50: string; p95: string; systems: number }[] = [];
  for (const [label, query, token] of cases) {
    const samples: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await ctx.app.inject({ url: `/api/fleets/bench-roll/rollout${query}`, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      if (i >= 3) samples.push(performance.now() - t);
      total = res.json().total;
    }
    const s = stats(samples);
    rows.push({ case: label, p50: ms(s.p50), p95: ms(s.p95), systems: total });
  }
  if (process.env.BENCH_EXPLAIN) {
    // The plans of the page's statements, as PostgreSQL runs them (BENCH_EXPLAIN=1).
    const { explainRollout } = await import('./rollout-explain');
    await explainRollout(db);
  }
  const exportSamples: number[] = [];
  for (let i = 0; i < 8; i++) {
    const t = performance.now();
    const res = await ctx.app.inject({ url: '/api/fleets/bench-roll/rollout.csv', headers: { authorization: `Bearer ${adminToken}` } });
    if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode}`);
    if (i >= 3) exportSamples.push(performance.now() - t);
  }
  const e = stats(exportSamples);
  rows.push({ case: 'admin, CSV export of every system', p50: ms(e.p50), p95: ms(e.p95), systems: SYSTEMS });
  await ctx.close();
  return {
    title: `Rollout API with ${SYSTEMS.toLocaleString('en')} systems, ${SYSTEMS.toLocaleString('en')} installations and ${(SYSTEMS * HISTORY_PER_INSTALLATION).toLocaleString('en')} history rows (${engineOf()}, ${RUNS} runs each, seeded in ${seedSeconds.toFixed(1)} s)`,
    rows,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchRollout();
  console.log(result.title);
  console.table(result.rows);
}

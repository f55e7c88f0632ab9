// Seeds 100,000 installations in one fleet and times GET /api/installations (p50/p95).
import { sql } from 'drizzle-orm';
import { benchApp, engineOf, ms, stats } from './lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

export async function benchListInstallations() {
  const ctx = await benchApp();
  const { db } = ctx.database;
  const seedStart = performance.now();
  await db.execute(sql`
    insert into system (serial_number, fleet_id, pv_module_count, pv_module_version, installed_capacity_wp, controller_quantity)
    select 'SN-BENCH-' || lpad(g::text, 7, '0'), (select id from fleet where slug = 'sono'), 10, 'SBS-M 2.1', 1200, 1
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into vehicle (fleet_id, type, manufacturer, model, year, transmission, battery_type, battery_capacity, battery_capacity_unit, vin, mileage)
    select (select id from fleet where slug = 'sono'), (array['bus','trailer','truck','van'])[1 + g % 4], 'Maker ' || (g % 37), 'Model ' || (g % 101), 2015 + g % 11,
      'electric', 'HV', 400, 'kWh', 'WBENCH' || lpad(g::text, 11, '0'), g * 10
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into installation (fleet_id, system_id, system_serial, vehicle_id, name, status, start_date, search_text, created_at)
    select s.fleet_id, s.id, s.serial_number, v.id, 'Depot ' || (s.id % 250) || ' vehicle ' || s.id,
      case when s.id % 3 = 0 then 'completed' else 'draft' end, date '2024-01-01' + (s.id % 700),
      lower('Depot ' || (s.id % 250) || ' vehicle ' || s.id || ' ' || s.serial_number || ' ' || v.vin), now() - make_interval(mins => s.id)
    from system s join vehicle v on v.vin = 'WBENCH' || lpad(substring(s.serial_number from 10)::int::text, 11, '0')
    where s.serial_number like 'SN-BENCH-%'`);
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const cases = [
    ['page 1, newest first', '/api/installations?fleet=sono'],
    ['fleet home: own drafts of today first', '/api/installations?fleet=sono&pageSize=10&ownDraftsFirst=true&tz=Europe%2FBerlin'],
    ['page 2500, newest first', '/api/installations?fleet=sono&page=2500'],
    ['sorted by name', '/api/installations?fleet=sono&sort=name&order=asc&page=10'],
    ['search serial number', '/api/installations?fleet=sono&q=SN-BENCH-00424'],
    ['search VIN', '/api/installations?fleet=sono&q=wbench0000009999'],
    ['search name (many hits)', '/api/installations?fleet=sono&q=depot%2042'],
  ] as const;
  const rows: { case: string; p50: string; p95: string; total: number }[] = [];
  for (const [label, url] of cases) {
    const samples: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await ctx.app.inject({ url, headers: ctx.headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) samples.push(performance.now() - t);
      total = res.json().total;
    }
    const s = stats(samples);
    rows.push({ case: label, p50: ms(s.p50), p95: ms(s.p95), total });
  }
  await ctx.close();
  return { title: `GET /api/installations with ${ROWS.toLocaleString('en')} installations (${engineOf()}, ${RUNS} runs each, seeded in ${seedSeconds.toFixed(1)} s)`, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchListInstallations();
  console.log(result.title);
  console.table(result.rows);
}

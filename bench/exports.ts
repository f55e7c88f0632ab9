// Exports and imports of the largest allowed size: the installations export (CSV and XLSX) of a fleet
// with 50,000 installations, the cap, and a registry import of 5 MB of CSV (the body limit; more rows
// than an import takes, so every row is read before it is refused). What counts is how long the
// thread that answers requests is held at a time: the longest event-loop delay while each runs
// (perf_hooks, 1 ms resolution), beside the request's own time.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../apps/server/src/admin/commands';
import { benchApp, engineOf, ms } from './lib';

const ROWS = 50_000;

export async function benchExports() {
  const ctx = await benchApp();
  const { db } = ctx.database;
  try {
    await db.execute(sql`
      insert into system (serial_number, fleet_id, pv_module_count, pv_module_version, installed_capacity_wp, controller_quantity)
      select 'SN-BENCH-' || lpad(g::text, 7, '0'), (select id from fleet where slug = 'sono'), 10, 'SBS-M 2.1', 1200, 1
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into installation (fleet_id, system_id, system_serial, name, status, start_date, search_text, comments)
      select s.fleet_id, s.id, s.serial_number, 'Depot ' || (s.id % 250) || ' vehicle ' || s.id, 'draft', date '2024-01-01' + (s.id % 700),
        lower(s.serial_number), 'Installed at the north gate, bay ' || s.id
      from system s where s.serial_number like 'SN-BENCH-%'`);
    await runAdminCommand({ db, auth: ctx.app.auth }, { command: 'grant', email: 'bench-admin@example.com', fleet: 'sono', role: 'admin' });
    const { token } = await runAdminCommand({ db, auth: ctx.app.auth }, { command: 'token', email: 'bench-admin@example.com' });
    const adminHeaders = { authorization: `Bearer ${token}` };

    const lines = ['serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid'];
    let size = lines[0]!.length;
    for (let i = 1; size < 5 * 1024 * 1024 - 200; i++) {
      const line = `SN-IMP-${String(i).padStart(7, '0')},10,SBS-M 2.1,1200,CC-IMP-${String(i).padStart(7, '0')},HV,HW 1.0,FW 2.3.4,TCU-4G v3,35693803${String(i).padStart(7, '0')},89492260${String(i).padStart(11, '0')}`;
      lines.push(line);
      size += line.length + 1;
    }
    const csv = lines.join('\n');

    const cases = [
      ['GET export.csv, 50,000 installations', { url: '/api/installations/export.csv?fleet=sono', headers: ctx.headers }],
      ['GET export.xlsx, 50,000 installations', { url: '/api/installations/export.xlsx?fleet=sono', headers: ctx.headers }],
      [
        `POST registry import, ${(csv.length / 2 ** 20).toFixed(1)} MB CSV (${lines.length - 1} rows), dry run`,
        { method: 'POST' as const, url: '/api/admin/sono/systems/import?dryRun=true', headers: { ...adminHeaders, 'content-type': 'text/csv' }, payload: csv },
      ],
    ] as const;
    const rows = [];
    for (const [label, request] of cases) {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const started = performance.now();
      const res = await ctx.app.inject(request as never);
      const took = performance.now() - started;
      delay.disable();
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const longest = delay.max / 1e6;
      rows.push({ case: label, request: ms(took), 'longest hold of the event loop': ms(longest), size: `${(res.rawPayload.length / 1024).toFixed(0)} KB`, 'under 100 ms': longest < 100 ? 'yes' : 'NO' });
    }
    return { title: `Exports and imports of the largest allowed size (${engineOf()})`, rows };
  } finally {
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = await benchExports();
  console.log(`\n${table.title}`);
  console.table(table.rows);
}

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { bearer, useTestApp, type TestContext } from './helper';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';

const ctx = useTestApp();

const inspection = PASSED_INSPECTION;
const vehicleBody = {
  type: 'van',
  manufacturer: 'VW',
  model: 'ID. Buzz Cargo',
  year: 2024,
  transmission: 'electric',
  batteryType: 'HV',
  batteryCapacity: 77,
  batteryCapacityUnit: 'kWh',
  vin: 'WV1ZZZEBZPH000001',
  mileage: 100,
};

/** Tenant data of every table, to prove a refused request changed nothing. */
async function snapshot(c: TestContext) {
  const tables = ['installation', 'vehicle', 'physical_inspection', 'charge_controller', 'system', 'fleet', 'fleet_member', 'idempotency_key', 'system_check_run', 'system_check', 'system_check_event', 'upload', 'partner', 'user', 'installation_history', 'installation_report', 'rollout_subscription'];
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = rowsOf(await c.database.db.execute(sql.raw(`select * from "${t}" order by 1, 2`)));
  return JSON.stringify(out);
}

/**
 * How to call each route with the other fleet's ids. A route missing here fails the test, so a
 * route added later must say how it is scoped.
 */
function cases(ids: { installation: number; vehicle: number; version: number; ownerId: string }): Record<string, { url: string; body?: unknown } | 'not tenant data'> {
  return {
    'GET /api/me': 'not tenant data',
    // The caller's own name only: no id of anyone or anything else is taken (display-name.test.ts).
    'PATCH /api/me': 'not tenant data',
    'GET /api/mapbox/locations/:query': 'not tenant data',
    'GET /api/fleets/:slug': { url: '/api/fleets/sono' },
    'GET /api/fleets/:slug/serials': { url: '/api/fleets/sono/serials' },
    'GET /api/installations': { url: '/api/installations?fleet=sono' },
    'GET /api/installations/:id': { url: `/api/installations/${ids.installation}` },
    'POST /api/installations': { url: '/api/installations', body: { systemSerialNumber: 'SN-DEMO-0002', startDate: '2026-11-20', name: 'Foreign' } },
    'PUT /api/installations/:id': { url: `/api/installations/${ids.installation}`, body: { version: ids.version, name: 'Hijacked' } },
    'DELETE /api/installations/:id': { url: `/api/installations/${ids.installation}` },
    'POST /api/installations/:id/vehicle': { url: `/api/installations/${ids.installation}/vehicle`, body: { ...vehicleBody, version: ids.version } },
    'PUT /api/installations/:id/setup': {
      url: `/api/installations/${ids.installation}/setup`,
      body: { version: ids.version, controllers: [{ serialNumber: 'CC-DEMO-0001-A', pvModulesCount: 1, activeChannelCount: 1, inspection }] },
    },
    'GET /api/installations/:id/systemChecks': { url: `/api/installations/${ids.installation}/systemChecks` },
    'POST /api/installations/:id/systemChecks/restart': { url: `/api/installations/${ids.installation}/systemChecks/restart` },
    'GET /api/installations/:id/systemChecks/events': { url: `/api/installations/${ids.installation}/systemChecks/events` },
    'GET /api/installations/:id/uploads': { url: `/api/installations/${ids.installation}/uploads` },
    'POST /api/installations/:id/uploads': {
      url: `/api/installations/${ids.installation}/uploads`,
      body: [{ type: 'other', name: 'note.txt', file: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}` }],
    },
    'DELETE /api/installations/:id/uploads': { url: `/api/installations/${ids.installation}/uploads`, body: { ids: [1] } },
    'GET /api/installations/:id/uploads/:uploadId/file': { url: `/api/installations/${ids.installation}/uploads/1/file` },
    'GET /api/installations/:id/summary': { url: `/api/installations/${ids.installation}/summary` },
    'POST /api/installations/:id/submit': { url: `/api/installations/${ids.installation}/submit`, body: { summaryDataConfirmed: true } },
    'GET /api/installations/:id/report.pdf': { url: `/api/installations/${ids.installation}/report.pdf?lang=de` },
    'GET /api/installations/:id/history': { url: `/api/installations/${ids.installation}/history` },
    'POST /api/installations/:id/reopen': { url: `/api/installations/${ids.installation}/reopen`, body: { version: ids.version, reason: 'Hijacked' } },
    'GET /api/installations/export.csv': { url: '/api/installations/export.csv?fleet=sono' },
    'GET /api/installations/export.xlsx': { url: '/api/installations/export.xlsx?fleet=sono' },
    'GET /api/admin/:fleet/history.csv': { url: '/api/admin/sono/history.csv?from=2026-01-01&to=2030-12-31' },
    'GET /api/fleets/:slug/rollout': { url: '/api/fleets/sono/rollout' },
    'GET /api/fleets/:slug/installations/carry-over': { url: `/api/fleets/sono/installations/carry-over?from=${ids.installation}` },
    'GET /api/fleets/:slug/rollout.csv': { url: '/api/fleets/sono/rollout.csv' },
    'GET /api/fleets/:slug/rollout.xlsx': { url: '/api/fleets/sono/rollout.xlsx' },
    'GET /api/fleets/:slug/rollout/settings': { url: '/api/fleets/sono/rollout/settings' },
    'PUT /api/fleets/:slug/rollout/settings': { url: '/api/fleets/sono/rollout/settings', body: { stallDays: 9, weeklyMail: true } },
    'GET /api/partners': 'not tenant data',
    'POST /api/partners': 'not tenant data',
    'PUT /api/partners/:id': { url: '/api/partners/1', body: { name: 'Taken', email: 'taken@example.com' } },
    'DELETE /api/partners/:id': { url: '/api/partners/1' },
    'GET /api/admin/:fleet/systems': { url: '/api/admin/sono/systems' },
    'POST /api/admin/:fleet/systems/import': { url: '/api/admin/sono/systems/import', body: 'serial_number\nx' },
    'GET /api/admin/:fleet/systems/export': { url: '/api/admin/sono/systems/export' },
    'GET /api/admin/:fleet/members': { url: '/api/admin/sono/members' },
    'POST /api/admin/:fleet/members': { url: '/api/admin/sono/members', body: { email: 'intruder@example.com', role: 'admin' } },
    'PUT /api/admin/:fleet/members/:userId': { url: `/api/admin/sono/members/${ids.ownerId}`, body: { role: 'installer' } },
    'DELETE /api/admin/:fleet/members/:userId': { url: `/api/admin/sono/members/${ids.ownerId}` },
    'POST /api/admin/:fleet/members/:userId/invitation': { url: `/api/admin/sono/members/${ids.ownerId}/invitation`, body: {} },
    // Above every fleet: only portal operators, 403 for everyone else (operator.test.ts).
    'GET /api/operator/fleets': { url: '/api/operator/fleets' },
    'POST /api/operator/fleets': { url: '/api/operator/fleets', body: { slug: 'taken-over', name: 'X', customerName: 'X', primaryContact: 'X', email: 'x@example.com' } },
    'PUT /api/operator/fleets/:id': { url: '/api/operator/fleets/1', body: { slug: 'sono', name: 'Hijacked', customerName: 'X', primaryContact: 'X', email: 'x@example.com' } },
    'POST /api/operator/fleets/:id/members': { url: '/api/operator/fleets/1/members', body: { email: 'intruder@example.com' } },
    'GET /api/operator/companies': { url: '/api/operator/companies' },
    'GET /api/operator/rollout': { url: '/api/operator/rollout' },
    'GET /api/operator/fleets/:slug/rollout': { url: '/api/operator/fleets/sono/rollout' },
    'POST /api/operator/companies': { url: '/api/operator/companies', body: { name: 'X', shortName: 'X', email: 'x@example.com' } },
    'PUT /api/operator/companies/:id': { url: '/api/operator/companies/1', body: { name: 'Hijacked', shortName: 'X', email: 'x@example.com' } },
    'POST /api/operator/companies/:id/members': { url: '/api/operator/companies/1/members', body: { email: 'intruder@example.com' } },
    'GET /api/vehicles/:id': { url: `/api/vehicles/${ids.vehicle}` },
    'PUT /api/vehicles/:id': { url: `/api/vehicles/${ids.vehicle}`, body: { ...vehicleBody, version: ids.version } },
    'GET /api/systems/:serialNumber': { url: '/api/systems/SN-DEMO-0001' },
    'PUT /api/chargecontrollers/:serialNumber': {
      url: '/api/chargecontrollers/CC-DEMO-0001-A',
      body: { pvModulesCount: 1, activeChannelCount: 1 },
    },
  };
}

describe('cross-fleet isolation', () => {
  it("a member of acme gets 404 for every route with sono's ids, and nothing changes", async () => {
    const c = await ctx();
    const sono = bearer(await c.tokenFor('sono-owner@example.com'));
    const created = (
      await c.app.inject({ method: 'POST', url: '/api/installations', headers: sono, payload: { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Ours' } })
    ).json();
    const withVehicle = (
      await c.app.inject({ method: 'POST', url: `/api/installations/${created.id}/vehicle`, headers: sono, payload: { ...vehicleBody, version: 0 } })
    ).json();
    const ownerId = (await c.app.inject({ url: '/api/me', headers: sono })).json().id;
    const ids = { installation: created.id, vehicle: withVehicle.vehicleId, version: withVehicle.version, ownerId };

    const acme = bearer(await c.tokenFor('acme-member@example.com', [{ fleet: 'acme', role: 'admin' }]));
    const table = cases(ids);
    const routes = c.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.isPublic && !r.url.startsWith('/api/docs'))
      .map((r) => ({ ...r, url: r.url.replace(/\/$/, '') }))
      .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.url === r.url) === i);
    const uncovered = routes.map((r) => `${r.method} ${r.url}`).filter((k) => !(k in table));
    expect(uncovered, 'routes without a cross-fleet case').toEqual([]);

    const before = await snapshot(c);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const spec = table[key]!;
      if (spec === 'not tenant data') continue;
      const isText = typeof spec.body === 'string';
      const res = await c.app.inject({
        method: route.method as 'GET',
        url: spec.url,
        headers: isText ? { ...acme, 'content-type': 'text/csv' } : acme,
        payload: spec.body as object,
      });
      expect([403, 404], `${key} answered ${res.statusCode}: ${res.body}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ status: res.statusCode });
    }
    expect(await snapshot(c)).toBe(before);

    // The same calls by the owner do work, so the 404s above are about scope, not bad requests.
    expect((await c.app.inject({ url: `/api/installations/${ids.installation}`, headers: sono })).statusCode).toBe(200);
    expect((await c.app.inject({ url: `/api/vehicles/${ids.vehicle}`, headers: sono })).statusCode).toBe(200);
  });
});

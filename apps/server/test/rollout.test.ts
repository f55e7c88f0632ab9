import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolloutStatus, type Rollout } from '@portal/domain/rollout';
import { runAdminCommand } from '../src/admin/commands';
import { installation } from '../src/db/schema';
import { bearer, useTestApp, type TestContext } from './helper';
import { ago, dayOf, seedRollout } from './rollout-fixture';

const getCtx = useTestApp({ seed: false });
const now = new Date();
let ctx: TestContext;
let fx: Awaited<ReturnType<typeof seedRollout>>;
const h: Record<string, Record<string, string>> = {};

const zero = { notStarted: 0, inProgress: 0, stalled: 0, completed: 0, completedFailedChecks: 0, reopened: 0 };

async function rollout(who: string, query = '', slug = 'roll') {
  const res = await ctx.app.inject({ url: `/api/fleets/${slug}/rollout${query}`, headers: h[who] });
  return res;
}
const body = async (who: string, query = '') => {
  const res = await rollout(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Rollout;
};
const exported = async (who: string, query = '') => {
  const res = await ctx.app.inject({ url: `/api/fleets/roll/rollout.csv${query}`, headers: h[who] });
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body, { columns: true }) as Record<string, string>[];
};

beforeAll(async () => {
  ctx = await getCtx();
  fx = await seedRollout(ctx.app.db, now);
  h.admin = bearer(await ctx.tokenFor('admin@roll.example', [{ fleet: 'roll', role: 'admin' }]));
  h.alice = bearer(await ctx.tokenFor('alice@alpha.example', [{ fleet: 'roll' }]));
  h.carol = bearer(await ctx.tokenFor('carol@example.com', [{ fleet: 'roll' }]));
  h.otherAdmin = bearer(await ctx.tokenFor('admin@other.example', [{ fleet: 'other', role: 'admin' }]));
  await runAdminCommand({ db: ctx.database.db, auth: ctx.app.auth }, { command: 'operator-add', email: 'op@vendor.example' });
  h.operator = bearer(await ctx.tokenFor('op@vendor.example', []));
});

describe('rollout of a fleet', () => {
  it('counts every status, by company and city, with the share done', async () => {
    const r = await body('admin');
    expect(r.scope).toBe('fleet');
    expect(r.registrySize).toBe(10);
    expect(r.counts).toEqual({ notStarted: 2, inProgress: 2, stalled: 1, completed: 3, completedFailedChecks: 1, reopened: 1 });
    expect(r.total).toBe(10);
    expect(r.done).toBe(4);
    expect(r.companies).toEqual([
      { id: fx.alpha.id, name: 'Alpha Solar', counts: { ...zero, inProgress: 1, completed: 1, completedFailedChecks: 1 }, total: 3, done: 2 },
      { id: fx.beta.id, name: 'Beta Montage', counts: { ...zero, stalled: 1, completed: 1, reopened: 1 }, total: 3, done: 1 },
      { id: null, name: null, counts: { ...zero, inProgress: 1, completed: 1 }, total: 2, done: 1 },
    ]);
    expect(r.cities).toEqual([
      { city: 'Berlin', counts: { ...zero, inProgress: 1, completed: 2, reopened: 1 }, total: 4, done: 2 },
      { city: 'Hamburg', counts: { ...zero, stalled: 1, completed: 1, completedFailedChecks: 1 }, total: 3, done: 2 },
      { city: null, counts: { ...zero, inProgress: 1 }, total: 1, done: 0 },
    ]);
    expect(r.options).toEqual({
      companies: [
        { id: fx.alpha.id, name: 'Alpha Solar' },
        { id: fx.beta.id, name: 'Beta Montage' },
        { id: null, name: null },
      ],
      cities: ['Berlin', 'Hamburg'],
    });
  });

  it('charts completions per day and per week, stacked by company', async () => {
    const byDay = await body('admin');
    expect(byDay.completions).toEqual(
      [
        { period: dayOf(ago(now, 10)), companyId: fx.beta.id, count: 1 },
        { period: dayOf(ago(now, 2)), companyId: fx.alpha.id, count: 2 },
        { period: dayOf(now), companyId: null, count: 1 },
      ].sort((a, b) => a.period.localeCompare(b.period)),
    );
    const monday = (d: Date) => dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7))));
    const byWeek = await body('admin', '?interval=week');
    const expected = new Map<string, number>();
    for (const [d, company, n] of [
      [ago(now, 10), fx.beta.id, 1],
      [ago(now, 2), fx.alpha.id, 2],
      [now, null, 1],
    ] as const) {
      const key = `${monday(d)}|${company}`;
      expected.set(key, (expected.get(key) ?? 0) + n);
    }
    expect(byWeek.interval).toBe('week');
    expect(Object.fromEntries(byWeek.completions.map((c) => [`${c.period}|${c.companyId}`, c.count]))).toEqual(Object.fromEntries(expected));
  });

  it('lists what needs attention, longest first, with the step a draft reached and the days in its status', async () => {
    const r = await body('admin');
    expect(r.needsAttention.total).toBe(3);
    expect(r.needsAttention.items.map(({ systemSerialNumber, status, step, days, installationId, city }) => ({ systemSerialNumber, status, step, days, installationId, city }))).toEqual([
      { systemSerialNumber: 'R04', status: 'stalled', step: 'vehicle', days: 5, installationId: fx.installations.get('R04'), city: 'Hamburg' },
      { systemSerialNumber: 'R08', status: 'reopened', step: 'system', days: 4, installationId: fx.installations.get('R08'), city: 'Berlin' },
      { systemSerialNumber: 'R07', status: 'completedFailedChecks', step: null, days: 2, installationId: fx.installations.get('R07'), city: 'Hamburg' },
    ]);
  });

  it('agrees with the domain rule on every installation', async () => {
    const rows = await ctx.app.db.select().from(installation);
    const csv = await exported('admin');
    for (const row of rows.filter((r) => r.fleetId === fx.roll.id)) {
      expect(csv.find((c) => c.systemSerialNumber === row.systemSerial)?.status).toBe(rolloutStatus({ installation: row }, now, 3));
    }
  });

  it('filters by company, city, status and date range, the same in the tables, the list and the export', async () => {
    const alpha = await body('admin', `?company=${fx.alpha.id}`);
    expect(alpha.counts).toEqual({ ...zero, inProgress: 1, completed: 1, completedFailedChecks: 1 });
    expect(alpha.needsAttention.items.map((i) => i.systemSerialNumber)).toEqual(['R07']);
    expect((await exported('admin', `?company=${fx.alpha.id}`)).map((r) => r.systemSerialNumber)).toEqual(['R05', 'R07', 'R03']);

    const none = await body('admin', '?company=none');
    expect(none.counts).toEqual({ ...zero, inProgress: 1, completed: 1 });

    const hamburg = await body('admin', '?city=Hamburg');
    expect(hamburg.counts).toEqual({ ...zero, stalled: 1, completed: 1, completedFailedChecks: 1 });
    expect(hamburg.cities.map((c) => c.city)).toEqual(['Hamburg']);
    const rows = await exported('admin', '?city=Hamburg');
    expect(rows.map((r) => [r.systemSerialNumber, r.status, r.step, r.company, r.city])).toEqual([
      ['R06', 'completed', '', 'Beta Montage', 'Hamburg'],
      ['R04', 'stalled', 'vehicle', 'Beta Montage', 'Hamburg'],
      ['R07', 'completedFailedChecks', '', 'Alpha Solar', 'Hamburg'],
    ]);
    expect(rows[1]!.daysInStatus).toBe('5');

    const completed = await body('admin', '?status=completed');
    expect(completed.counts).toEqual({ ...zero, completed: 3 });
    expect(completed.needsAttention).toEqual({ total: 0, items: [] });
    expect((await exported('admin', '?status=notStarted')).map((r) => r.systemSerialNumber)).toEqual(['R01', 'R02']);

    const range = `?from=${dayOf(ago(now, 3))}&to=${dayOf(now)}`;
    const recent = await body('admin', range);
    expect(recent.counts).toEqual({ ...zero, inProgress: 2, completed: 2, completedFailedChecks: 1 });
    expect(recent.completions.reduce((n, c) => n + c.count, 0)).toBe(3);
    expect((await exported('admin', range)).map((r) => r.systemSerialNumber).sort()).toEqual(['R03', 'R05', 'R07', 'R09', 'R10']);
  });

  it('exports XLSX with the same filters', async () => {
    const res = await ctx.app.inject({ url: `/api/fleets/roll/rollout.xlsx?city=Hamburg`, headers: h.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad filters with the error envelope', async () => {
    for (const q of ['?status=done', '?from=2026-11-02&to=2026-11-01', '?interval=month', '?company=abc', '?company=2147483648', '?city=%00']) {
      const res = await rollout('admin', q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: expect.any(String), message: expect.any(String) });
    }
  });

  it("shows an installer only their company's share, and one of no company their own", async () => {
    const alice = await body('alice');
    expect(alice.scope).toBe('company');
    expect(alice.counts).toEqual({ ...zero, inProgress: 1, completed: 1, completedFailedChecks: 1 });
    expect(alice.companies.map((c) => c.name)).toEqual(['Alpha Solar']);
    expect(alice.options.companies).toEqual([{ id: fx.alpha.id, name: 'Alpha Solar' }]);
    expect((await body('alice', `?company=${fx.beta.id}`)).total).toBe(0);
    expect((await exported('alice')).map((r) => r.systemSerialNumber)).toEqual(['R05', 'R07', 'R03']);
    const carol = await body('carol');
    expect(carol.counts).toEqual({ ...zero, inProgress: 1, completed: 1 });
    const settings = await ctx.app.inject({ url: '/api/fleets/roll/rollout/settings', headers: h.alice });
    expect(settings.statusCode).toBe(403);
  });

  it("answers 404 for another fleet's rollout, export and settings", async () => {
    for (const url of ['/api/fleets/roll/rollout', '/api/fleets/roll/rollout.csv', '/api/fleets/roll/rollout.xlsx', '/api/fleets/roll/rollout/settings']) {
      const res = await ctx.app.inject({ url, headers: h.otherAdmin });
      expect(res.statusCode, url).toBe(404);
    }
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/fleets/roll/rollout/settings', headers: h.otherAdmin, payload: { stallDays: 9 } });
    expect(put.statusCode).toBe(404);
    expect((await body('admin')).fleet.stallDays).toBe(3);
  });

  it("the fleet's stall days decide when a draft is stalled", async () => {
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/fleets/roll/rollout/settings', headers: h.admin, payload: { stallDays: 7 } });
    expect(put.json()).toEqual({ stallDays: 7, weeklyMail: false, locale: 'en' });
    expect((await body('admin')).counts).toMatchObject({ inProgress: 3, stalled: 0 });
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/fleets/roll/rollout/settings', headers: h.admin, payload: { stallDays: 0 } });
    expect(bad.statusCode).toBe(400);
    await ctx.app.inject({ method: 'PUT', url: '/api/fleets/roll/rollout/settings', headers: h.admin, payload: { stallDays: 3 } });
  });
});

describe("the operator's overview", () => {
  it('has one row per fleet and opens a fleet read-only without joining it', async () => {
    const res = await ctx.app.inject({ url: '/api/operator/rollout', headers: h.operator });
    expect(res.statusCode, res.body).toBe(200);
    const mondayStart = (() => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      return dayOf(d);
    })();
    const thisWeek = [ago(now, 2), ago(now, 10), ago(now, 2), now].filter((d) => dayOf(d) >= mondayStart).length;
    expect(res.json()).toEqual([
      { slug: 'other', name: 'Other Vans', registrySize: 1, done: 0, completedThisWeek: 0, failedChecks: 0, stalled: 1 },
      { slug: 'roll', name: 'Roll Buses', registrySize: 10, done: 4, completedThisWeek: thisWeek, failedChecks: 1, stalled: 1 },
    ]);
    const fleetView = await ctx.app.inject({ url: '/api/operator/fleets/roll/rollout?city=Berlin', headers: h.operator });
    expect(fleetView.statusCode).toBe(200);
    expect(fleetView.json()).toMatchObject({ readOnly: true, scope: 'fleet', counts: { ...zero, inProgress: 1, completed: 2, reopened: 1 } });
    // The operator did not join: the fleet's own route still answers 404.
    expect((await ctx.app.inject({ url: '/api/fleets/roll/rollout', headers: h.operator })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/operator/fleets/nope/rollout', headers: h.operator })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/operator/rollout', headers: h.admin })).statusCode).toBe(403);
  });
});

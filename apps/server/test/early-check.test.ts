import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemCheckRun } from '../src/db/schema';
import { bearer, draftInstallation, useTestApp, type TestContext } from './helper';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';

// The digital check starts when the setup is saved, so it runs while the installer takes the photos.
const ctx = useTestApp();

const inspection = PASSED_INSPECTION;

async function current(c: TestContext, h: Record<string, string>, id: number) {
  return (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json() as {
    version: number;
    system: { chargeControllers: { serialNumber: string }[] };
  };
}

function setupBody(version: number, serials: string[], pvModulesCount = 1) {
  return { version, controllers: serials.map((serialNumber) => ({ serialNumber, pvModulesCount, activeChannelCount: 1, inspection })) };
}

async function saveSetup(c: TestContext, h: Record<string, string>, id: number, pvModulesCount = 1, headers: Record<string, string> = {}) {
  const { version, system } = await current(c, h, id);
  return c.app.inject({
    method: 'PUT',
    url: `/api/installations/${id}/setup`,
    headers: { ...h, ...headers },
    payload: setupBody(version, system.chargeControllers.map((x) => x.serialNumber), pvModulesCount),
  });
}

const runsOf = (c: TestContext, id: number) => c.database.db.select().from(systemCheckRun).where(eq(systemCheckRun.installationId, id));

describe('the digital check starts with the setup', () => {
  it('saving the setup starts a run; opening the check tab later finds it running', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    expect(await runsOf(c, id)).toHaveLength(0);
    const saved = await saveSetup(c, h, id);
    expect(saved.statusCode, saved.body).toBe(200);
    const runs = await runsOf(c, id);
    expect(runs).toHaveLength(1);
    const read = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect(read.runId).toBe(runs[0]!.id);
    expect(read.checks).toHaveLength(5);
    expect(read.checks.every((x: { status: string }) => x.status === 'pending')).toBe(true);
  });

  it('an unchanged setup saved again keeps the run, and a retried save runs once', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0002');
    const key = { 'idempotency-key': 'early-check-retry-0002' };
    const { version, system } = await current(c, h, id);
    const body = setupBody(version, system.chargeControllers.map((x) => x.serialNumber));
    const first = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: { ...h, ...key }, payload: body });
    const retried = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: { ...h, ...key }, payload: body });
    expect(first.statusCode).toBe(200);
    expect(retried.json()).toEqual(first.json());
    const [run] = await runsOf(c, id);
    expect(await runsOf(c, id)).toHaveLength(1);
    // The same values once more (a new version, nothing changed): the run goes on.
    expect((await saveSetup(c, h, id)).statusCode).toBe(200);
    expect((await runsOf(c, id)).map((r) => r.id)).toEqual([run!.id]);
  });

  it('a run started by opening the check tab is kept by an unchanged save; a changed setup checks again', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    expect((await saveSetup(c, h, id, 1)).statusCode).toBe(200);
    const opened = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect((await saveSetup(c, h, id, 1)).statusCode).toBe(200);
    expect((await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json().runId).toBe(opened.runId);
    expect((await saveSetup(c, h, id, 2)).statusCode).toBe(200);
    const after = (await c.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
    expect(after.runId).toBeGreaterThan(opened.runId);
    expect(after.checks.every((x: { status: string }) => x.status === 'pending')).toBe(true);
  });

  it('a refused setup starts nothing: a stale version, invalid counts, another fleet', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0004');
    const { version, system } = await current(c, h, id);
    const serials = system.chargeControllers.map((x) => x.serialNumber);
    const stale = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: h, payload: setupBody(version + 1, serials) });
    expect(stale.statusCode).toBe(409);
    const invalid = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: h, payload: setupBody(version, serials, 999) });
    expect(invalid.statusCode).toBe(400);
    const acme = bearer(await c.tokenFor('acme-early-check@example.com', [{ fleet: 'acme' }]));
    const foreign = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}/setup`, headers: acme, payload: setupBody(version, serials) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await runsOf(c, id)).toHaveLength(0);
  });
});

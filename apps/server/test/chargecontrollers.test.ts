import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { chargeController } from '../src/db/schema';
import { bearer, draftInstallation, readyToSubmit, useTestApp, type TestContext } from './helper';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';

const ctx = useTestApp();

const inspection = PASSED_INSPECTION;
type Headers = Record<string, string>;

const put = (c: TestContext, h: Headers, serialOrId: string | number, payload: object) =>
  c.app.inject({ method: 'PUT', url: `/api/chargecontrollers/${serialOrId}`, headers: h, payload });
const detail = async (c: TestContext, h: Headers, id: number) => (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json();

/** The controllers, inspections and installations as stored, to prove a refused write changed nothing. */
async function stored(c: TestContext) {
  const out: unknown[] = [];
  for (const table of ['charge_controller', 'physical_inspection', 'installation']) {
    out.push(rowsOf(await c.database.db.execute(sql.raw(`select * from "${table}" order by 1, 2`))));
  }
  return JSON.stringify(out);
}

describe('PUT /api/chargecontrollers/{serial}', () => {
  it("takes the SPEC's body (the two counts) on the installation's current version, and keeps a stored inspection", async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const before = await detail(c, h, id);

    const res = await put(c, h, 'CC-DEMO-0001-A', { pvModulesCount: 4, activeChannelCount: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ serialNumber: 'CC-DEMO-0001-A', installationId: id, pvModulesCount: 4, activeChannelCount: 3, inspection: null, version: before.version + 1 });
    const after = await detail(c, h, id);
    expect(after.version).toBe(before.version + 1);
    expect(after.system.chargeControllers[0]).toMatchObject({ serialNumber: 'CC-DEMO-0001-A', pvModulesCount: 4, activeChannelCount: 3 });
    expect(after.inspections).toEqual([]);

    // The wizard's fuller body still works: installation, version and inspection.
    const full = await put(c, h, 'cc-demo-0001-a', { installationId: id, version: after.version, pvModulesCount: 5, activeChannelCount: 6, inspection });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ serialNumber: 'CC-DEMO-0001-A', inspection, version: after.version + 1 });

    // The counts alone again, this time by the controller's id: the inspection stays.
    const controllerId = after.system.chargeControllers[0].id as number;
    const byId = await put(c, h, controllerId, { pvModulesCount: 6, activeChannelCount: 7 });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ serialNumber: 'CC-DEMO-0001-A', pvModulesCount: 6, activeChannelCount: 7, inspection, version: after.version + 2 });
    expect((await detail(c, h, id)).inspections).toEqual([{ chargeControllerSerial: 'CC-DEMO-0001-A', ...inspection }]);
  });

  it('writes without a version queue up: each applies to the version the one before left', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const { version } = await detail(c, h, id);
    const results = await Promise.all([
      put(c, h, 'CC-DEMO-0001-A', { pvModulesCount: 2, activeChannelCount: 2 }),
      put(c, h, 'CC-DEMO-0001-B', { pvModulesCount: 3, activeChannelCount: 3 }),
      put(c, h, 'CC-DEMO-0001-A', { pvModulesCount: 2, activeChannelCount: 2 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json().version).sort()).toEqual([version + 1, version + 2, version + 3]);
    expect((await detail(c, h, id)).version).toBe(version + 3);
  });

  it('refuses a stale version (409), another installation (404) and rule breaks (400), and changes nothing', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    const { version } = await detail(c, h, id);
    // SN-DEMO-0003: 16 modules; CC-DEMO-0003-A is high voltage (7 channels), CC-DEMO-0003-B low voltage (8).
    expect((await put(c, h, 'CC-DEMO-0003-B', { pvModulesCount: 10, activeChannelCount: 8 })).statusCode).toBe(200);
    const other = await draftInstallation(c, 'SN-DEMO-0004', 'draft-sn-demo-0003@example.com');
    const untouched = await stored(c);

    const stale = await put(c, h, 'CC-DEMO-0003-A', { version, pvModulesCount: 1, activeChannelCount: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });

    const wrongInstallation = await put(c, h, 'CC-DEMO-0003-A', { installationId: other.id, pvModulesCount: 1, activeChannelCount: 1 });
    expect(wrongInstallation.statusCode).toBe(404);

    const tooManyChannels = await put(c, h, 'CC-DEMO-0003-A', { pvModulesCount: 1, activeChannelCount: 8 });
    expect(tooManyChannels.statusCode).toBe(400);
    expect(tooManyChannels.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ field: 'activeChannelCount', message: 'invalidActiveChannels' }] });
    const tooManyModules = await put(c, h, 'CC-DEMO-0003-A', { pvModulesCount: 7, activeChannelCount: 7 });
    expect(tooManyModules.statusCode).toBe(400);
    expect(tooManyModules.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'pvModulesCount', message: 'pvModuleLimitExceeded' }] });
    for (const body of [{}, { pvModulesCount: 1 }, { pvModulesCount: 1, activeChannelCount: 0 }, { pvModulesCount: 'two', activeChannelCount: 1 }]) {
      const res = await put(c, h, 'CC-DEMO-0003-A', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await stored(c)).toBe(untouched);
    // The sum counts the other controller's stored modules: 6 + 10 fits.
    expect((await put(c, h, 'CC-DEMO-0003-A', { pvModulesCount: 6, activeChannelCount: 7 })).statusCode).toBe(200);
  });

  it('a completed installation refuses the write', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0002');
    expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } })).statusCode).toBe(200);
    const before = await stored(c);
    const res = await put(c, h, 'CC-DEMO-0002-A', { pvModulesCount: 2, activeChannelCount: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, code: 'INSTALLATION_COMPLETED' });
    expect(await stored(c)).toBe(before);
  });

  it("another fleet's controller, or one without an installation, answers 404 and nothing changes", async () => {
    const c = await ctx();
    const { h } = await draftInstallation(c, 'SN-DEMO-0005');
    const [controller] = await c.database.db.select().from(chargeController).where(eq(chargeController.serialNumber, 'CC-DEMO-0005-A'));
    const acme = bearer(await c.tokenFor('acme-controllers@example.com', [{ fleet: 'acme', role: 'admin' }]));
    const before = await stored(c);
    for (const target of ['CC-DEMO-0005-A', 'cc-demo-0005-a', controller!.id]) {
      const res = await put(c, acme, target, { pvModulesCount: 1, activeChannelCount: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    // Acme's own controller belongs to no installation yet: there is nothing to set up; for sono it is another fleet's.
    const [acmeController] = await c.database.db.select().from(chargeController).where(eq(chargeController.serialNumber, 'CC-ACME-0001-A'));
    for (const [headers, target] of [[acme, 'CC-ACME-0001-A'], [h, 'CC-ACME-0001-A'], [h, acmeController!.id]] as const) {
      expect((await put(c, headers, target, { pvModulesCount: 1, activeChannelCount: 1 })).statusCode).toBe(404);
    }
    expect(await stored(c)).toBe(before);
    // The owner's same call works: the 404s are about scope.
    expect((await put(c, h, 'CC-DEMO-0005-A', { pvModulesCount: 1, activeChannelCount: 1 })).statusCode).toBe(200);
  });
});

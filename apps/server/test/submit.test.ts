import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installation } from '../src/db/schema';
import { draftInstallation, readyToSubmit, useTestApp } from './helper';

const ctx = useTestApp();

describe('summary and submit', () => {
  it('the summary holds every section in one call', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0001', 'summary@example.com');
    const res = await c.app.inject({ url: `/api/installations/${id}/summary`, headers: h });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.general).toMatchObject({ systemSerialNumber: 'SN-DEMO-0001', status: 'draft' });
    expect(s.customer).toMatchObject({ name: 'Sono Motors GmbH' });
    // The CLI-made user has no company: the installer section shows the person only.
    expect(s.installer).toMatchObject({ installerEmail: 'summary@example.com', companyName: '' });
    expect(s.vehicle).toMatchObject({ manufacturer: 'Volvo' });
    expect(s.pvSystem).toEqual({ pvModuleCount: 12, pvModuleVersion: 'SBS-M 2.1', installedCapacity: 1440 });
    expect(s.setup).toHaveLength(2);
    expect(s.setup[0].inspection).toEqual({ powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' });
    expect(s.uploads).toEqual([
      { type: 'pvModules', files: [{ id: expect.any(Number), name: 'modules.jpg' }] },
      { type: 'telematics-mcu', files: [{ id: expect.any(Number), name: 'box.jpg' }] },
    ]);
    expect(s.systemChecks.map((x: { type: string; status: string; imei: string; controllerSerial: string | null }) => [x.type, x.imei, x.controllerSerial, x.status])).toEqual([
      ['telematics-heartbeat', '356938035643801', null, 'success'],
      ['mcu-heartbeat', '356938035643801', 'CC-DEMO-0001-A', 'success'],
      ['mcu-heartbeat', '356938035643801', 'CC-DEMO-0001-B', 'success'],
      ['ignition-heartbeat', '356938035643801', null, 'success'],
      ['sense-line-connection', '356938035643801', null, 'success'],
    ]);
  });

  it('ten concurrent submits complete it once and all answer the same', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0001', 'summary@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true, comments: 'All good' } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bodies = results.map((r) => r.json());
    expect(new Set(bodies.map((b) => b.version)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ status: 'completed', summaryDataConfirmed: true, comments: 'All good' });
    const today = new Date().toISOString().slice(0, 10);
    expect(bodies[0].completionDate).toBe(today);
    expect(bodies[0].commissioningDate).toBe(today);
    expect(results.filter((r) => r.headers['idempotent-replay'] === 'true')).toHaveLength(9);
  });

  it('a completed installation refuses every change with 409', async () => {
    const c = await ctx();
    // Completed by the test before.
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001', 'summary@example.com');
    const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
    const attempts = [
      c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: current.version, name: 'Changed' } }),
      c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h }),
      c.app.inject({ method: 'POST', url: `/api/installations/${id}/systemChecks/restart`, headers: h }),
      c.app.inject({ method: 'DELETE', url: `/api/installations/${id}/uploads`, headers: h, payload: { ids: [1] } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INSTALLATION_COMPLETED' });
    }
    const [row] = await c.database.db.select().from(installation).where(eq(installation.id, id));
    expect(row).toMatchObject({ status: 'completed', name: 'SN-DEMO-0001' });
  });

  it('a submit with missing parts answers 422 naming them, and changes nothing', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0002');
    const res = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } });
    expect(res.statusCode).toBe(422);
    expect(res.json().details.missing).toEqual(['vehicle', 'customerDataConfirmed', 'setup', 'uploads.pvModules', 'uploads.telematics-mcu', 'systemChecks.pending']);
    const unconfirmed = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: false } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().details[0]).toMatchObject({ path: 'body.summaryDataConfirmed', message: 'confirmationRequired' });
    const [row] = await c.database.db.select().from(installation).where(eq(installation.id, id));
    expect(row!.status).toBe('draft');
  });

  it('a failed check needs the installer to have proceeded', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0005', 'failed-checks@example.com');
    // SN-DEMO-0005's second controller: pretend its window ran out.
    await c.database.db.execute(
      (await import('drizzle-orm')).sql`update system_check set status = 'failed' where installation_id = ${id} and controller_serial = 'CC-DEMO-0005-B'`,
    );
    const refused = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } });
    expect(refused.json().details.missing).toEqual(['systemChecks.failedNotConfirmed']);
    const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
    await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: current.version, proceededWithFailedChecks: true, failedChecksReason: 'Controller B is replaced next week' } });
    const done = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', proceededWithFailedChecks: true });
    // The fleet's list says so beside 'Completed'.
    const listed = (await c.app.inject({ url: '/api/installations?fleet=sono&q=SN-DEMO-0005', headers: h })).json();
    expect(listed.items[0]).toMatchObject({ id, status: 'completed', proceededWithFailedChecks: true });
  });
});

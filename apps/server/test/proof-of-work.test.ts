import { asc, eq, sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { installation, installationHistory } from '../src/db/schema';
import { bearer, dataSnapshot, DEVICE_KEY, draftInstallation, readyToSubmit, useTestApp, type TestContext } from './helper';
import { dataUrl, makeJpeg } from './files';

const ctx = useTestApp();

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const people = async (c: TestContext) => ({
  installer: bearer(await c.tokenFor('report-installer@example.com')),
  admin: bearer(await c.tokenFor('report-admin@example.com', [{ fleet: 'sono', role: 'admin' }])),
  otherFleet: bearer(await c.tokenFor('report-acme@example.com', [{ fleet: 'acme', role: 'admin' }])),
});

const get = async (c: TestContext, url: string, headers: Record<string, string> = {}) => c.app.inject({ url, headers });
const current = async (c: TestContext, id: number, h: Record<string, string>) => (await get(c, `/api/installations/${id}`, h)).json() as { version: number; status: string };
const submit = (c: TestContext, id: number, h: Record<string, string>) =>
  c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } });
const verifyCodeOf = (text: string) => /#\/verify\/([A-Za-z0-9_-]{24})/.exec(text)?.[1];

describe('installation report, verification and reopening', () => {
  it('the PDF of a completed installation holds the serial, the VIN, every check result and the submitter, in English and German', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0001', 'report-submitter@example.com');
    const draft = await get(c, `/api/installations/${id}/report.pdf`, h);
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ status: 409, code: 'INSTALLATION_NOT_COMPLETED' });
    expect((await submit(c, id, h)).statusCode).toBe(200);

    const res = await get(c, `/api/installations/${id}/report.pdf?lang=en`, h);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('report-SN-DEMO-0001-v1.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Installation report');
    expect(text).toContain('SN-DEMO-0001');
    expect(text).toContain('YV2RT40A5KB123456');
    expect(text).toContain('report-submitter@example.com');
    const checks = (await get(c, `/api/installations/${id}/summary`, h)).json().systemChecks as { type: string }[];
    expect(checks).toHaveLength(5);
    expect(text.match(/Passed/g)).toHaveLength(checks.length);
    for (const label of ['Telematics heartbeat', 'MCU heartbeat', 'Ignition heartbeat', 'Sense line connection', 'CC-DEMO-0001-A', 'CC-DEMO-0001-B']) expect(text).toContain(label);
    for (const section of ['General', 'Customer', 'Installer', 'Vehicle', 'PV system', 'Charge controllers', 'Telematics', 'Digital check', 'Uploads', 'Commissioning date', 'Completion date']) {
      expect(text).toContain(section);
    }
    expect(text).toContain('modules.jpg');
    // Both photos are embedded (JPEG streams), beside the QR code.
    expect(res.rawPayload.toString('latin1').match(/\/Filter \/DCTDecode/g)).toHaveLength(2);
    expect(text).toContain('http://localhost:3000/#/verify/');
    expect(verifyCodeOf(text)).toBeDefined();

    const german = await pdfText((await get(c, `/api/installations/${id}/report.pdf?lang=de`, h)).rawPayload);
    expect(german).toContain('Installationsbericht');
    expect(german.match(/Bestanden/g)).toHaveLength(checks.length);
    // The same report version: the verification code stays.
    expect(verifyCodeOf(german)).toBe(verifyCodeOf(text));
    expect((await get(c, `/api/installations/${id}/report.pdf?lang=fr`, h)).statusCode).toBe(400);
  });

  it('a report processed with failed checks says so and names the failed check', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0005', 'report-failed@example.com');
    await c.database.db.execute(sql`update system_check set status = 'failed' where installation_id = ${id} and controller_serial = 'CC-DEMO-0005-B'`);
    await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: (await current(c, id, h)).version, proceededWithFailedChecks: true, failedChecksReason: 'Controller B is replaced next week' } });
    expect((await submit(c, id, h)).statusCode).toBe(200);
    const text = await pdfText((await get(c, `/api/installations/${id}/report.pdf`, h)).rawPayload);
    expect(text).toContain('This installation is processed with failed digital checks.');
    expect(text.match(/Failed/g)).toHaveLength(1);
  });

  it('verification: public, as signed; reopened by a fleet admin; superseded by the next submit', async () => {
    const c = await ctx();
    const p = await people(c);
    const [row] = await c.database.db.select().from(installation).where(eq(installation.systemSerial, 'SN-DEMO-0001'));
    const id = row!.id;
    const submitter = bearer(await c.tokenFor('report-submitter@example.com'));
    const first = verifyCodeOf(await pdfText((await get(c, `/api/installations/${id}/report.pdf`, submitter)).rawPayload))!;

    const before = await get(c, `/api/verify/${first}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      serialNumber: 'SN-DEMO-0001',
      vin: 'YV2RT40A5KB123456',
      completionDate: new Date().toISOString().slice(0, 10),
      company: null,
      reportVersion: 1,
      state: 'valid',
      reopened: null,
      newerVersion: null,
    });
    expect((await get(c, '/api/verify/AAAAAAAAAAAAAAAAAAAAAAAA')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await get(c, '/api/verify/short')).statusCode).toBe(404);

    // Installers can't reopen; another fleet's admin doesn't see it; a reason is required; a stale version conflicts.
    const version = (await current(c, id, submitter)).version;
    const untouched = await dataSnapshot(c);
    const reopen = (h: Record<string, string>, payload: object) => c.app.inject({ method: 'POST', url: `/api/installations/${id}/reopen`, headers: h, payload });
    const refused = await reopen(p.installer, { version, reason: 'Wrong VIN' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await reopen(p.otherFleet, { version, reason: 'Wrong VIN' })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await reopen(p.admin, { version })).statusCode).toBe(400);
    expect((await reopen(p.admin, { version, reason: '   ' })).statusCode).toBe(400);
    expect((await reopen(p.admin, { version: version - 1, reason: 'Wrong VIN' })).json()).toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
    expect(await dataSnapshot(c)).toBe(untouched);

    const reopened = await reopen(p.admin, { version, reason: 'Wrong VIN' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'draft', completionDate: null, summaryDataConfirmed: false });
    expect((await reopen(p.admin, { version: reopened.json().version, reason: 'Again' })).json()).toMatchObject({ status: 409, code: 'INSTALLATION_NOT_COMPLETED' });
    const after = (await get(c, `/api/verify/${first}`)).json();
    expect(after).toEqual({ ...before.json(), state: 'reopened', reopened: { at: expect.any(String) } });
    expect(JSON.stringify(after)).not.toContain('report-admin');
    const history = (await get(c, `/api/installations/${id}/history`, p.installer)).json();
    expect(history[0]).toMatchObject({ action: 'reopened', field: 'reason', newValue: 'Wrong VIN', actor: { email: 'report-admin@example.com' } });
    // A draft has no report.
    expect((await get(c, `/api/installations/${id}/report.pdf`, p.admin)).statusCode).toBe(409);

    expect((await submit(c, id, submitter)).statusCode).toBe(200);
    const second = verifyCodeOf(await pdfText((await get(c, `/api/installations/${id}/report.pdf`, submitter)).rawPayload))!;
    expect(second).not.toBe(first);
    expect((await get(c, `/api/verify/${second}`)).json()).toMatchObject({ state: 'valid', reportVersion: 2 });
    expect((await get(c, `/api/verify/${first}`)).json()).toMatchObject({ state: 'superseded', newerVersion: { version: 2 }, reopened: { at: expect.any(String) } });
  });

  it("another fleet's ids answer 404 on every new route and change nothing", async () => {
    const c = await ctx();
    const p = await people(c);
    const [row] = await c.database.db.select().from(installation).where(eq(installation.systemSerial, 'SN-DEMO-0001'));
    const before = await dataSnapshot(c);
    for (const url of [`/api/installations/${row!.id}/report.pdf`, `/api/installations/${row!.id}/history`, '/api/installations/export.csv?fleet=sono', '/api/installations/export.xlsx?fleet=sono', '/api/admin/sono/history.csv?from=2026-01-01&to=2030-01-01']) {
      const res = await get(c, url, p.otherFleet);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const reopen = await c.app.inject({ method: 'POST', url: `/api/installations/${row!.id}/reopen`, headers: p.otherFleet, payload: { version: row!.version, reason: 'x' } });
    expect(reopen.statusCode).toBe(404);
    expect(await dataSnapshot(c)).toBe(before);
  });
});

describe('history', () => {
  it('every write route appends, in order, with who and what; deleting a draft keeps its history; nothing changes earlier entries', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0002', 'history@example.com');
    const version = async () => (await current(c, id, h)).version;
    const snapshotOf = async () =>
      JSON.stringify(await c.database.db.select().from(installationHistory).where(eq(installationHistory.installationId, id)).orderBy(asc(installationHistory.id)));
    const steps: [string, () => Promise<{ statusCode: number }>][] = [
      ['changed', async () => c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: await version(), name: 'Bus 7', customerDataConfirmed: true } })],
      ['changed', async () => c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: await version(), systemDataConfirmed: true } })],
      [
        'vehicleChanged',
        async () =>
          c.app.inject({
            method: 'POST',
            url: `/api/installations/${id}/vehicle`,
            headers: h,
            payload: { version: await version(), type: 'bus', manufacturer: 'MAN', model: 'Lion', year: 2023, transmission: 'diesel', batteryType: 'LV', batteryCapacity: 200, batteryCapacityUnit: 'Ah', vin: 'WMA12345678901234', mileage: 10 },
          }),
      ],
    ];
    for (const [, step] of steps) expect((await step()).statusCode).toBe(200);
    const detail = (await get(c, `/api/installations/${id}`, h)).json() as { vehicleId: number; vehicle: object; system: { chargeControllers: { serialNumber: string }[] } };
    const [ccA] = detail.system.chargeControllers.map((x) => x.serialNumber);
    const more: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ['vehicleChanged', async () => c.app.inject({ method: 'PUT', url: `/api/vehicles/${detail.vehicleId}`, headers: h, payload: { ...detail.vehicle, id: undefined, licensePlate: 'M-AB 123', version: await version() } })],
      [
        'setupChanged',
        async () =>
          c.app.inject({
            method: 'PUT',
            url: `/api/installations/${id}/setup`,
            headers: h,
            payload: { version: await version(), controllers: [{ serialNumber: ccA, pvModulesCount: 2, activeChannelCount: 2, inspection: { powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' } }] },
          }),
      ],
      ['setupChanged', async () => c.app.inject({ method: 'PUT', url: `/api/chargecontrollers/${ccA}`, headers: h, payload: { pvModulesCount: 3, activeChannelCount: 1 } })],
      ['uploadAdded', async () => c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload: [{ type: 'pvModules', name: 'roof.jpg', file: dataUrl('image/jpeg', makeJpeg(20, 20, 7)) }] })],
    ];
    for (const [, step] of more) {
      const res = await step();
      expect([200, 201], res.body).toContain(res.statusCode);
    }
    const uploads = (await get(c, `/api/installations/${id}/uploads`, h)).json() as { id: number }[];
    const earlier = await snapshotOf();
    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}/uploads`, headers: h, payload: { ids: [uploads[0]!.id] } })).statusCode).toBe(200);
    const run = (await get(c, `/api/installations/${id}/systemChecks`, h)).json() as { checks: { type: string; imei: string; controllerSerial: string | null }[] };
    expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/systemChecks/restart`, headers: h })).statusCode).toBe(200);
    const now = new Date().toISOString();
    await c.app.inject({
      method: 'POST',
      url: '/api/devices/heartbeats',
      headers: { 'x-api-key': DEVICE_KEY },
      payload: run.checks.map((x) => (x.type === 'mcu-heartbeat' ? { type: x.type, imei: x.imei, controllerSerial: x.controllerSerial, timestamp: now } : { type: x.type, imei: x.imei, timestamp: now })),
    });
    // Earlier entries are never rewritten by later writes.
    expect((await snapshotOf()).startsWith(earlier.slice(0, -1))).toBe(true);

    const history = (await get(c, `/api/installations/${id}/history`, h)).json() as { id: number; action: string; field: string | null; oldValue: string | null; newValue: string | null; actor: { email: string } | null }[];
    const actions = [...new Set(history.map((e) => `${e.id}:${e.action}`))].map((s) => s.split(':')[1]);
    const collapsed = actions.filter((a, i) => a !== actions[i - 1]);
    // Saving the setup starts the digital check in the same transaction; the restart starts another.
    expect(collapsed).toEqual(['checkRunFinished', 'checkRunStarted', 'uploadRemoved', 'uploadAdded', 'setupChanged', 'checkRunStarted', 'setupChanged', 'vehicleChanged', 'changed', 'created']);
    expect(history.map((e) => e.id)).toEqual([...history.map((e) => e.id)].sort((a, b) => b - a));
    expect(history.find((e) => e.action === 'checkRunFinished')).toMatchObject({ newValue: `${run.checks.length}/${run.checks.length}`, actor: null });
    expect(history.find((e) => e.action === 'checkRunStarted')).toMatchObject({ actor: { email: 'history@example.com' } });
    expect(history).toContainEqual(expect.objectContaining({ action: 'changed', field: 'name', oldValue: 'SN-DEMO-0002', newValue: 'Bus 7' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'changed', field: 'customerDataConfirmed', oldValue: 'false', newValue: 'true' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'changed', field: 'systemDataConfirmed', oldValue: 'false', newValue: 'true' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'vehicleChanged', field: 'vin', oldValue: null, newValue: 'WMA12345678901234' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'vehicleChanged', field: 'licensePlate', newValue: 'M-AB 123' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'setupChanged', field: `${ccA}.pvModulesCount`, newValue: '2' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'setupChanged', field: `${ccA}.powerLed`, newValue: 'constantlyLit' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'setupChanged', field: `${ccA}.pvModulesCount`, oldValue: '2', newValue: '3' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'uploadAdded', field: 'pvModules', newValue: 'roof.jpg' }));
    expect(history).toContainEqual(expect.objectContaining({ action: 'uploadRemoved', field: 'pvModules', oldValue: 'roof.jpg' }));
    expect(history.filter((e) => e.action === 'checkRunStarted')).toHaveLength(2);
    expect(history.at(-1)).toMatchObject({ action: 'created', actor: { email: 'history@example.com' } });

    // A refused write (stale version) records nothing.
    const count = history.length;
    expect((await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, name: 'Stale' } })).statusCode).toBe(409);
    expect((await get(c, `/api/installations/${id}/history`, h)).json()).toHaveLength(count);

    // Deleting the draft is recorded; the history stays (for the fleet's export) though the installation is gone.
    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h })).statusCode).toBe(204);
    expect((await get(c, `/api/installations/${id}/history`, h)).statusCode).toBe(404);
    const kept = await c.database.db.select().from(installationHistory).where(eq(installationHistory.installationId, id));
    expect(kept).toHaveLength(count + 1);
    expect(kept.at(-1)).toMatchObject({ action: 'deleted', actorEmail: 'history@example.com' });
  });

  it('no route changes or deletes the history', async () => {
    const c = await ctx();
    const writes = c.app.routeTable.filter((r) => /history/i.test(r.url) && r.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('fleet admins export the history of a range of days as CSV; installers may not', async () => {
    const c = await ctx();
    const p = await people(c);
    const today = new Date().toISOString().slice(0, 10);
    const res = await get(c, `/api/admin/sono/history.csv?from=${today}&to=${today}`, p.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('at,installationId,systemSerialNumber,action,field,oldValue,newValue,actorName,actorEmail');
    expect(res.body).toContain('SN-DEMO-0002');
    expect(res.body).toContain(',reopened,reason,,Wrong VIN,report-admin,report-admin@example.com');
    expect((await get(c, `/api/admin/sono/history.csv?from=2020-01-01&to=2020-01-02`, p.admin)).body.trim().split('\n')).toHaveLength(1);
    expect((await get(c, `/api/admin/sono/history.csv?from=${today}&to=${today}`, p.installer)).statusCode).toBe(403);
    expect((await get(c, `/api/admin/sono/history.csv?from=yesterday&to=${today}`, p.admin)).statusCode).toBe(400);
  });
});

describe('list filters and exports', () => {
  it('filters by status, start date range, submitted with failed checks and mine', async () => {
    const c = await ctx();
    const { h } = await draftInstallation(c, 'SN-DEMO-0003', 'filters@example.com');
    const serials = async (query: string) =>
      ((await get(c, `/api/installations?fleet=sono&pageSize=100&${query}`, h)).json().items as { systemSerialNumber: string }[]).map((i) => i.systemSerialNumber).sort();
    expect(await serials('status=completed')).toEqual(['SN-DEMO-0001', 'SN-DEMO-0005']);
    expect(await serials('status=draft')).toEqual(['SN-DEMO-0003']);
    expect(await serials('failedChecks=true')).toEqual(['SN-DEMO-0005']);
    expect(await serials('mine=true')).toEqual(['SN-DEMO-0003']);
    await c.database.db.execute(sql`update installation set start_date = '2026-01-15' where system_serial = 'SN-DEMO-0005'`);
    expect(await serials('from=2026-01-01&to=2026-01-31')).toEqual(['SN-DEMO-0005']);
    expect(await serials('from=2026-01-16')).toEqual(['SN-DEMO-0001', 'SN-DEMO-0003']);
    expect(await serials('to=2026-01-15&status=completed&failedChecks=true')).toEqual(['SN-DEMO-0005']);
    expect((await get(c, '/api/installations?fleet=sono&status=archived', h)).statusCode).toBe(400);
    expect((await get(c, '/api/installations?fleet=sono&from=15.01.2026', h)).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV and XLSX with formula cells defused, and the registry CSV too', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003', 'filters@example.com');
    const res = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: (await current(c, id, h)).version, name: '=HYPERLINK("http://evil.example","x")' } });
    expect(res.statusCode).toBe(200);

    const csv = await get(c, '/api/installations/export.csv?fleet=sono&status=draft', h);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('installations-sono.csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]!.startsWith('id,name,systemSerialNumber,status,startDate')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain('SN-DEMO-0003,draft');
    const completed = await get(c, '/api/installations/export.csv?fleet=sono&status=completed&failedChecks=true', h);
    expect(completed.body.trim().split('\n').slice(1).map((l) => l.split(',')[2])).toEqual(['SN-DEMO-0005']);

    const xlsx = await get(c, '/api/installations/export.xlsx?fleet=sono&q=SN-DEMO-0003', h);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(xlsx.rawPayload);
    expect(sheet[0]!.slice(0, 3)).toEqual(['id', 'name', 'systemSerialNumber']);
    expect(sheet[1]!.slice(0, 4)).toEqual([id, `'=HYPERLINK("http://evil.example","x")`, 'SN-DEMO-0003', 'draft']);
    expect((await get(c, '/api/installations/export.csv', h)).statusCode).toBe(400);

    const admin = bearer(await c.tokenFor('report-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
    await c.database.db.execute(sql`update system set pv_module_version = '@SUM(A1:A9)' where serial_number = 'SN-DEMO-0004'`);
    const registry = await get(c, '/api/admin/sono/systems/export', admin);
    expect(registry.body).toContain("'@SUM(A1:A9)");
    expect(registry.body).not.toMatch(/,@SUM/);
  });
});

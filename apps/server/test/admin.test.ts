import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SIGN_IN_TTL_SECONDS } from '@portal/domain/constants';
import { system, user } from '../src/db/schema';
import { bearer, ORIGIN, useTestApp } from './helper';

const ctx = useTestApp();

const HEADER = 'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid';
const goodCsv = [
  HEADER,
  'SN-NEW-0001,8,SBS-M 2.1,960,CC-NEW-0001-A,HV,HW 3.2,1.8.3,TCU-4G v3,356938035650001,8949226000000001001',
  'SN-NEW-0001,8,SBS-M 2.1,960,CC-NEW-0001-B,LV,HW 2.4,1.8.3,,,',
  'SN-NEW-0002,6,SBS-M 2.1,720,CC-NEW-0002-A,lv,HW 2.4,1.8.3,TCU-4G v3,356938035650002,8949226000000001002',
  'SN-NEW-0003,10,SBS-L 1.4,1300,CC-NEW-0003-A,HV,HW 3.2,1.9.0,TCU-LTE-M v2,356938035650003,',
].join('\n');

const csvPost = (url: string, headers: Record<string, string>, body: string) =>
  ({ method: 'POST' as const, url, headers: { ...headers, 'content-type': 'text/csv' }, payload: body });

async function admins() {
  const c = await ctx();
  const admin = bearer(await c.tokenFor('sono-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
  const installer = bearer(await c.tokenFor('sono-installer@example.com', [{ fleet: 'sono' }]));
  return { c, admin, installer };
}

describe('admin: product registry', () => {
  it('a dry run reports every bad row by line number and stores nothing', async () => {
    const { c, admin } = await admins();
    const bad = [
      HEADER,
      'SN-BAD-0001,8,SBS-M 2.1,960,CC-BAD-0001-A,HV,HW,1.0,TCU,356938035659991,',
      'SN-BAD-0001,9,SBS-M 2.1,960,CC-BAD-0001-B,HV,HW,1.0,,,',
      'SN-BAD-0002,abc,SBS-M 2.1,960,CC-BAD-0002-A,HV,HW,1.0,TCU,12345,',
      'SN-DEMO-0001,8,SBS-M 2.1,960,CC-DEMO-0001-A,HV,HW,1.0,TCU,356938035643801,',
      'SN-BAD-0003,8,SBS-M 2.1,960,CC-BAD-0003-A,XV,HW,1.0,TCU,356938035659993,',
    ].join('\n');
    const before = await c.database.db.select().from(system);
    const res = await c.app.inject(csvPost('/api/admin/sono/systems/import?dryRun=true', admin, bad));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ dryRun: true, imported: false, rows: 5 });
    const lines = report.errors.map((e: { line: number }) => e.line);
    expect(lines).toEqual(expect.arrayContaining([3, 4, 5, 6]));
    expect(lines).not.toContain(2);
    expect(report.errors.find((e: { line: number }) => e.line === 6).message).toMatch(/controller_type must be HV or LV/);
    expect(report.errors.find((e: { line: number }) => e.line === 3).message).toMatch(/other PV module/);
    expect(report.errors.filter((e: { line: number }) => e.line === 4).map((e: { message: string }) => e.message).join(' ')).toMatch(/pv_module_count must be a whole number/);
    expect(report.errors.filter((e: { line: number }) => e.line === 5).map((e: { message: string }) => e.message).join(' ')).toMatch(/is in the registry with other charge controllers/);
    // Each problem also comes as a code with its values, for the client to say in its language.
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 6, code: 'controllerType', params: { column: 'controller_type' } }),
        expect.objectContaining({ line: 3, code: 'systemValuesDiffer', params: { serial: 'SN-BAD-0001', firstLine: 2 } }),
        expect.objectContaining({ line: 4, code: 'notWholeNumber', params: { column: 'pv_module_count' } }),
        expect.objectContaining({ line: 4, code: 'imeiFormat', params: { column: 'imei' } }),
        expect.objectContaining({ line: 5, code: 'systemDiffers', params: { serial: 'SN-DEMO-0001' } }),
      ]),
    );
    expect(await c.database.db.select().from(system)).toHaveLength(before.length);
  });

  it('an import with one bad row imports nothing; a good one imports all, and an installer can use it', async () => {
    const { c, admin, installer } = await admins();
    const withBadRow = `${goodCsv}\nSN-NEW-0004,6,SBS-M 2.1,720,CC-NEW-0004-A,HV,HW,1.0,TCU,not-an-imei,`;
    const refused = await c.app.inject(csvPost('/api/admin/sono/systems/import', admin, withBadRow));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.errors[0]).toMatchObject({ line: 6 });
    expect((await c.app.inject({ url: '/api/systems/SN-NEW-0001', headers: installer })).statusCode).toBe(404);

    const ok = await c.app.inject(csvPost('/api/admin/sono/systems/import', admin, goodCsv));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ imported: true, systems: 3, controllers: 4, errors: [] });
    const sys = (await c.app.inject({ url: '/api/systems/SN-NEW-0001', headers: installer })).json();
    expect(sys).toMatchObject({ controllerQuantity: 2, chargeControllers: [{ type: 'HV', channelCount: 7 }, { type: 'LV', channelCount: 8 }], telematics: [{ imei: '356938035650001' }] });
    const created = await c.app.inject({ method: 'POST', url: '/api/installations', headers: installer, payload: { systemSerialNumber: 'SN-NEW-0002', startDate: '2026-11-21', name: 'Imported' } });
    expect(created.statusCode).toBe(201);

    const list = (await c.app.inject({ url: '/api/admin/sono/systems?q=SN-NEW', headers: admin })).json();
    expect(list.total).toBe(3);
    const exported = await c.app.inject({ url: '/api/admin/sono/systems/export', headers: admin });
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.body.split('\n')[0]).toBe(HEADER);
    expect(exported.body).toContain('SN-NEW-0001,8,SBS-M 2.1,960,CC-NEW-0001-A,HV,HW 3.2,1.8.3,TCU-4G v3,356938035650001,8949226000000001001');
    // What was exported imports again: every system is unchanged.
    const again = (await c.app.inject(csvPost('/api/admin/sono/systems/import?dryRun=true', admin, exported.body))).json();
    expect(again).toMatchObject({ errors: [], added: 0, updated: 0, unchanged: again.systems });
  });

  it('imports a master file again: counts what it adds, updates (versions, unit names, ICCIDs) and leaves unchanged', async () => {
    const { c, admin, installer } = await admins();
    const first = (await c.app.inject(csvPost('/api/admin/sono/systems/import', admin, goodCsv.replaceAll('SN-NEW', 'SN-MST').replaceAll('CC-NEW', 'CC-MST').replaceAll('3569380356500', '3569380356510')))).json();
    expect(first).toMatchObject({ imported: true, added: 3, updated: 0, unchanged: 0 });
    const master = goodCsv.replaceAll('SN-NEW', 'SN-MST').replaceAll('CC-NEW', 'CC-MST').replaceAll('3569380356500', '3569380356510');
    const next = [
      master.replace('CC-MST-0002-A,lv,HW 2.4,1.8.3', 'CC-MST-0002-A,lv,HW 2.4,1.9.0'),
      'SN-MST-0004,6,SBS-M 2.1,720,CC-MST-0004-A,LV,HW 2.4,1.9.0,TCU-4G v3,356938035651004,',
    ].join('\n');
    const dry = (await c.app.inject(csvPost('/api/admin/sono/systems/import?dryRun=true', admin, next))).json();
    expect(dry).toMatchObject({ imported: false, errors: [], added: 1, updated: 1, unchanged: 2 });
    const done = (await c.app.inject(csvPost('/api/admin/sono/systems/import', admin, next))).json();
    expect(done).toMatchObject({ imported: true, added: 1, updated: 1, unchanged: 2 });
    const updated = (await c.app.inject({ url: '/api/systems/SN-MST-0002', headers: installer })).json();
    expect(updated.chargeControllers[0]).toMatchObject({ serialNumber: 'CC-MST-0002-A', firmwareVersion: '1.9.0' });

    // Another module count, or another fleet's system, is refused with its line; nothing changes.
    const refused = [
      master.replace('SN-MST-0002,6,SBS-M 2.1,720', 'SN-MST-0002,7,SBS-M 2.1,720'),
      'SN-ACME-0001,10,SBS-M 2.1,1200,CC-ACME-0001-A,HV,HW 3.2,1.8.3,TCU-4G v3,356938035649901,8949226000000000901',
    ].join('\n');
    const report = (await c.app.inject(csvPost('/api/admin/sono/systems/import?dryRun=true', admin, refused))).json();
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 4, code: 'systemDiffers', params: { serial: 'SN-MST-0002' } }),
        expect.objectContaining({ line: 6, code: 'systemExists', params: { serial: 'SN-ACME-0001' } }),
      ]),
    );
  });

  it('installers get 403, other fleets 404', async () => {
    const { c, installer } = await admins();
    for (const url of ['/api/admin/sono/systems', '/api/admin/sono/members', '/api/admin/sono/systems/export']) {
      const res = await c.app.inject({ url, headers: installer });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await c.app.inject(csvPost('/api/admin/sono/systems/import', installer, goodCsv))).statusCode).toBe(403);
    const acmeAdmin = bearer(await c.tokenFor('acme-boss@example.com', [{ fleet: 'acme', role: 'admin' }]));
    expect((await c.app.inject({ url: '/api/admin/sono/systems', headers: acmeAdmin })).statusCode).toBe(404);
  });
});

describe('admin: access', () => {
  it('lists members, invites with a role, changes roles, removes, but never the last admin', async () => {
    const { c, admin } = await admins();
    const invited = await c.app.inject({ method: 'POST', url: '/api/admin/sono/members', headers: admin, payload: { email: 'New.Hire@Example.com', role: 'installer' } });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().emailSent).toBe(true);
    const hire = invited.json().members.find((m: { email: string }) => m.email === 'new.hire@example.com');
    expect(hire).toMatchObject({ role: 'installer' });

    const twice = await c.app.inject({ method: 'POST', url: '/api/admin/sono/members', headers: admin, payload: { email: 'new.hire@example.com', role: 'admin' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'email' } });

    const promoted = await c.app.inject({ method: 'PUT', url: `/api/admin/sono/members/${hire.userId}`, headers: admin, payload: { role: 'admin' } });
    expect(promoted.json().find((m: { userId: string }) => m.userId === hire.userId).role).toBe('admin');
    const removed = await c.app.inject({ method: 'DELETE', url: `/api/admin/sono/members/${hire.userId}`, headers: admin });
    expect(removed.json().some((m: { userId: string }) => m.userId === hire.userId)).toBe(false);

    const members = (await c.app.inject({ url: '/api/admin/sono/members', headers: admin })).json();
    const me = members.find((m: { email: string }) => m.email === 'sono-admin@example.com');
    expect(members.filter((m: { role: string }) => m.role === 'admin')).toHaveLength(1);
    const demote = await c.app.inject({ method: 'PUT', url: `/api/admin/sono/members/${me.userId}`, headers: admin, payload: { role: 'installer' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_ADMIN' });
    const remove = await c.app.inject({ method: 'DELETE', url: `/api/admin/sono/members/${me.userId}`, headers: admin });
    expect(remove.json()).toMatchObject({ code: 'LAST_ADMIN' });
  });
});

describe('admin: invitations', () => {
  const linkOf = (text: string) => text.match(/https?:\/\/\S+magic-link\S+/)?.[0];
  const follow = (c: Awaited<ReturnType<typeof ctx>>, link: string) => {
    const url = new URL(link);
    return c.app.inject({ url: url.pathname + url.search });
  };

  it("mails a sign-in link with the fleet's name and the inviter's name; the list shows who has not signed in, and sends again", async () => {
    const { c, admin } = await admins();
    await c.database.db.update(user).set({ name: 'Petra Admin' }).where(eq(user.email, 'sono-admin@example.com'));
    const invited = await c.app.inject({ method: 'POST', url: '/api/admin/sono/members', headers: admin, payload: { email: 'fitter@example.com', language: 'de' } });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().emailSent).toBe(true);
    const fitter = invited.json().members.find((m: { email: string }) => m.email === 'fitter@example.com');
    expect(fitter).toMatchObject({ role: 'installer', signedIn: false });

    const mail = c.mails.findLast((m) => m.to === 'fitter@example.com')!;
    expect(mail.subject).toContain('Sono Demo Fleet');
    expect(mail.text).toContain('Sono Demo Fleet');
    expect(mail.text).not.toMatch(/Flotte sono\b/);
    expect(mail.text).toContain('Petra Admin');
    // The mails name the portal as the screens do.
    expect(mail.subject).toContain('Installateur-Portal');
    await c.app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email: 'words@example.com', language: 'de' }, headers: ORIGIN });
    const signInMail = c.mails.findLast((m) => m.to === 'words@example.com')!;
    expect(`${signInMail.subject} ${signInMail.text}`).toContain('Installateur-Portal');
    expect(`${signInMail.subject} ${signInMail.text}`).not.toContain('Installer-Portal');
    expect(mail.text).toContain(`${SIGN_IN_TTL_SECONDS / 60} Minuten`);
    const first = linkOf(mail.text)!;
    expect(first).toBeDefined();

    // Send again: a new link, and the older one stops working.
    const again = await c.app.inject({ method: 'POST', url: `/api/admin/sono/members/${fitter.userId}/invitation`, headers: admin, payload: { language: 'en' } });
    expect(again.statusCode).toBe(200);
    const second = linkOf(c.mails.findLast((m) => m.to === 'fitter@example.com')!.text)!;
    expect(second).not.toBe(first);
    expect((await follow(c, first)).headers.location).toContain('error=');

    // The link signs the invited person in; the list then shows them as signed in.
    const signedIn = await follow(c, second);
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).not.toContain('error=');
    expect(signedIn.headers['set-cookie']).toBeDefined();
    const members = (await c.app.inject({ url: '/api/admin/sono/members', headers: admin })).json();
    expect(members.find((m: { email: string }) => m.email === 'fitter@example.com')).toMatchObject({ signedIn: true });
  });

  it('says when the mail could not be sent; the access stays granted', async () => {
    const { c, admin } = await admins();
    const send = c.app.mailer.send;
    c.app.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const invited = await c.app.inject({ method: 'POST', url: '/api/admin/sono/members', headers: admin, payload: { email: 'unlucky@example.com' } });
      expect(invited.statusCode).toBe(201);
      expect(invited.json().emailSent).toBe(false);
      const unlucky = invited.json().members.find((m: { email: string }) => m.email === 'unlucky@example.com');
      const again = await c.app.inject({ method: 'POST', url: `/api/admin/sono/members/${unlucky.userId}/invitation`, headers: admin, payload: {} });
      expect(again.statusCode).toBe(503);
      expect(again.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      c.app.mailer.send = send;
    }
    const unknown = await c.app.inject({ method: 'POST', url: '/api/admin/sono/members/no-such-user/invitation', headers: admin, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });
});

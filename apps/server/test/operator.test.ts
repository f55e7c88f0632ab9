import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { company, fleet } from '../src/db/schema';
import { bearer, readyToSubmit, useTestApp } from './helper';

const ctx = useTestApp();

const newFleet = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  name: `Fleet ${slug}`,
  customerName: `Customer ${slug}`,
  primaryContact: 'Petra Contact',
  email: `fleet-${slug}@example.com`,
  ...overrides,
});

async function operator() {
  const c = await ctx();
  const admin = { db: c.database.db, auth: c.app.auth };
  await runAdminCommand(admin, { command: 'operator-add', email: 'operator@vendor.example' });
  const op = bearer(await c.tokenFor('operator@vendor.example', []));
  return { c, admin, op };
}

describe('operator routes: who may use them', () => {
  it('answer 401 without a token and 403 to installers and fleet admins, before looking at the body', async () => {
    const { c } = await operator();
    const installer = bearer(await c.tokenFor('op-installer@example.com', [{ fleet: 'sono' }]));
    const fleetAdmin = bearer(await c.tokenFor('op-fleet-admin@example.com', [{ fleet: 'sono', role: 'admin' }]));
    const calls = [
      { method: 'GET' as const, url: '/api/operator/fleets' },
      { method: 'POST' as const, url: '/api/operator/fleets', payload: newFleet('nope') },
      { method: 'PUT' as const, url: '/api/operator/fleets/1', payload: { slug: 'Bad Slug!' } },
      { method: 'POST' as const, url: '/api/operator/fleets/1/members', payload: { email: 'x@example.com' } },
      { method: 'GET' as const, url: '/api/operator/companies' },
      { method: 'POST' as const, url: '/api/operator/companies', payload: { name: 'X', shortName: 'X', email: 'x@example.com' } },
      { method: 'PUT' as const, url: '/api/operator/companies/1', payload: {} },
      { method: 'POST' as const, url: '/api/operator/companies/1/members', payload: { email: 'x@example.com' } },
    ];
    for (const call of calls) {
      expect((await c.app.inject(call)).statusCode, `${call.method} ${call.url} without token`).toBe(401);
      for (const headers of [installer, fleetAdmin]) {
        const res = await c.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }
    }
    expect(await c.database.db.select().from(fleet).where(eq(fleet.slug, 'nope'))).toHaveLength(0);
    // /api/me tells the web app whom to show the operator area.
    expect((await c.app.inject({ url: '/api/me', headers: installer })).json()).toMatchObject({ isOperator: false });
  });

  it('the CLI grants and takes the operator role', async () => {
    const { c, admin, op } = await operator();
    expect((await c.app.inject({ url: '/api/me', headers: op })).json()).toMatchObject({ isOperator: true, fleets: [] });
    expect((await c.app.inject({ url: '/api/operator/fleets', headers: op })).statusCode).toBe(200);
    await runAdminCommand(admin, { command: 'operator-add', email: 'second-op@vendor.example' });
    const second = bearer(await c.tokenFor('second-op@vendor.example', []));
    expect((await runAdminCommand(admin, { command: 'operator-remove', email: 'Second-Op@vendor.example' })).message).toMatch(/no longer a portal operator/);
    expect((await c.app.inject({ url: '/api/operator/fleets', headers: second })).statusCode).toBe(403);
    await expect(runAdminCommand(admin, { command: 'operator-remove', email: 'ghost@vendor.example' })).rejects.toThrow(/not found/);
  });
});

describe('operator: fleets', () => {
  it('creates, lists and edits fleets; a taken slug or name answers 409 and names the field', async () => {
    const { c, op } = await operator();
    const created = await c.app.inject({ method: 'POST', url: '/api/operator/fleets', headers: op, payload: newFleet('Nordbus', { name: 'Nordbus Fleet' }) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'nordbus', name: 'Nordbus Fleet', customerName: 'Customer Nordbus', admins: [], memberCount: 0 });
    const id = created.json().id as number;

    const slugTaken = await c.app.inject({ method: 'POST', url: '/api/operator/fleets', headers: op, payload: newFleet('nordbus', { name: 'Other name' }) });
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json()).toMatchObject({ status: 409, code: 'FLEET_EXISTS', details: { field: 'slug' } });
    const nameTaken = await c.app.inject({ method: 'POST', url: '/api/operator/fleets', headers: op, payload: newFleet('nordbus-2', { name: 'NORDBUS fleet' }) });
    expect(nameTaken.json()).toMatchObject({ status: 409, code: 'FLEET_EXISTS', details: { field: 'name' } });

    const edited = await c.app.inject({ method: 'PUT', url: `/api/operator/fleets/${id}`, headers: op, payload: newFleet('nordbus', { name: 'Nordbus Fleet', primaryContact: 'Jan Neu' }) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, primaryContact: 'Jan Neu' });
    const renameToTaken = await c.app.inject({ method: 'PUT', url: `/api/operator/fleets/${id}`, headers: op, payload: newFleet('sono', { name: 'Nordbus Fleet' }) });
    expect(renameToTaken.json()).toMatchObject({ code: 'FLEET_EXISTS', details: { field: 'slug' } });
    expect((await c.app.inject({ method: 'PUT', url: '/api/operator/fleets/999999', headers: op, payload: newFleet('ghost') })).statusCode).toBe(404);

    const list = (await c.app.inject({ url: '/api/operator/fleets', headers: op })).json() as { slug: string }[];
    expect(list.map((f) => f.slug)).toEqual(expect.arrayContaining(['sono', 'acme', 'nordbus']));
  });

  it('bad input answers 400 with the envelope and the rule broken per field; nothing is written', async () => {
    const { c, op } = await operator();
    const bad = await c.app.inject({
      method: 'POST',
      url: '/api/operator/fleets',
      headers: op,
      payload: { slug: 'Not a slug!', name: '', customerName: 'C', primaryContact: 'P', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.slug', message: 'invalidSlug' }),
        expect.objectContaining({ path: 'body.name', message: 'required' }),
        expect.objectContaining({ path: 'body.email', message: 'invalidEmail' }),
      ]),
    );
    const reserved = await c.app.inject({ method: 'POST', url: '/api/operator/fleets', headers: op, payload: newFleet('operator') });
    expect(reserved.json().details).toEqual([expect.objectContaining({ path: 'body.slug', message: 'slugReserved' })]);
    const notJson = await c.app.inject({ method: 'POST', url: '/api/operator/fleets', headers: { ...op, 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await c.database.db.select().from(fleet).where(eq(fleet.slug, 'operator'))).toHaveLength(0);
  });
});

describe('operator: installer companies and people', () => {
  it('creates and edits companies; a taken name or short name answers 409', async () => {
    const { c, op } = await operator();
    const created = await c.app.inject({ method: 'POST', url: '/api/operator/companies', headers: op, payload: { name: 'Sunwerk GmbH', shortName: 'SWK', email: 'Office@Sunwerk.example' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Sunwerk GmbH', shortName: 'SWK', email: 'office@sunwerk.example', members: [] });
    const id = created.json().id as number;

    const nameTaken = await c.app.inject({ method: 'POST', url: '/api/operator/companies', headers: op, payload: { name: 'sunwerk gmbh', shortName: 'SW2', email: 'a@b.example' } });
    expect(nameTaken.json()).toMatchObject({ status: 409, code: 'COMPANY_EXISTS', details: { field: 'name' } });
    const shortTaken = await c.app.inject({ method: 'POST', url: '/api/operator/companies', headers: op, payload: { name: 'Other', shortName: 'swk', email: 'a@b.example' } });
    expect(shortTaken.json()).toMatchObject({ status: 409, code: 'COMPANY_EXISTS', details: { field: 'shortName' } });
    const bad = await c.app.inject({ method: 'POST', url: '/api/operator/companies', headers: op, payload: { name: 'X', shortName: 'has space', email: 'x' } });
    expect(bad.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(bad.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.shortName', message: 'invalidShortName' })]));

    const edited = await c.app.inject({ method: 'PUT', url: `/api/operator/companies/${id}`, headers: op, payload: { name: 'Sunwerk Solar GmbH', shortName: 'SWK', email: 'office@sunwerk.example' } });
    expect(edited.json()).toMatchObject({ id, name: 'Sunwerk Solar GmbH' });
    expect((await c.app.inject({ method: 'PUT', url: '/api/operator/companies/999999', headers: op, payload: { name: 'Y', shortName: 'Y', email: 'y@y.example' } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'POST', url: '/api/operator/companies/999999/members', headers: op, payload: { email: 'y@y.example' } })).statusCode).toBe(404);
  });

  it('a fleet admin made by the operator invites installers, who join the admin company and may use Partners', async () => {
    const { c, op } = await operator();
    const f = (await c.app.inject({ method: 'POST', url: '/api/operator/fleets', headers: op, payload: newFleet('busline') })).json();
    const co = (await c.app.inject({ method: 'POST', url: '/api/operator/companies', headers: op, payload: { name: 'Busline Installers', shortName: 'BLI', email: 'office@bli.example' } })).json();

    const granted = await c.app.inject({ method: 'POST', url: `/api/operator/fleets/${f.id}/members`, headers: op, payload: { email: 'Boss@BLI.example', companyId: co.id } });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ admins: [{ email: 'boss@bli.example' }], memberCount: 1 });
    expect((await c.app.inject({ method: 'POST', url: `/api/operator/fleets/${f.id}/members`, headers: op, payload: { email: 'x@y.example', companyId: 999999 } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'POST', url: '/api/operator/fleets/999999/members', headers: op, payload: { email: 'x@y.example' } })).statusCode).toBe(404);

    const added = await c.app.inject({ method: 'POST', url: `/api/operator/companies/${co.id}/members`, headers: op, payload: { email: 'colleague@bli.example' } });
    expect(added.json().members.map((m: { email: string }) => m.email)).toEqual(['boss@bli.example', 'colleague@bli.example']);

    const boss = bearer(await c.tokenFor('boss@bli.example', []));
    expect((await c.app.inject({ url: '/api/me', headers: boss })).json()).toMatchObject({
      company: { name: 'Busline Installers', shortName: 'BLI' },
      fleets: [{ slug: 'busline', role: 'admin' }],
      isOperator: false,
    });
    const invited = await c.app.inject({ method: 'POST', url: '/api/admin/busline/members', headers: boss, payload: { email: 'fitter@bli.example' } });
    expect(invited.statusCode).toBe(201);
    const fitter = bearer(await c.tokenFor('fitter@bli.example', []));
    expect((await c.app.inject({ url: '/api/me', headers: fitter })).json()).toMatchObject({ company: { shortName: 'BLI' } });
    expect((await c.app.inject({ url: '/api/partners', headers: fitter })).statusCode).toBe(200);
  });

  it('an operator is not a member of every fleet: installations of other fleets stay 404', async () => {
    const { c, op } = await operator();
    const { id } = await readyToSubmit(c, 'SN-DEMO-0004', 'op-scope@example.com');
    expect((await c.app.inject({ url: '/api/fleets/sono', headers: op })).statusCode).toBe(404);
    expect((await c.app.inject({ url: '/api/installations?fleet=sono', headers: op })).statusCode).toBe(404);
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: op })).statusCode).toBe(404);
    expect((await c.app.inject({ url: `/api/installations/${id}/summary`, headers: op })).statusCode).toBe(404);
    expect((await c.app.inject({ url: '/api/admin/sono/members', headers: op })).statusCode).toBe(404);
  });
});

describe('operator CLI commands', () => {
  it('create a fleet and a company, put people into them, and say what they did', async () => {
    const { c, admin } = await operator();
    expect((await runAdminCommand(admin, { command: 'fleet-create', slug: 'citybus', name: 'City Bus', customerName: 'City Transit', primaryContact: 'Ann', email: 'ann@city.example' })).message).toBe(
      'Created fleet citybus (City Bus) for City Transit, time zone Europe/Berlin',
    );
    expect((await runAdminCommand(admin, { command: 'company-create', shortName: 'CBI', name: 'City Bus Installers', email: 'office@cbi.example' })).message).toBe(
      'Created installer company CBI (City Bus Installers)',
    );
    expect((await runAdminCommand(admin, { command: 'grant', email: 'lead@cbi.example', fleet: 'citybus', role: 'admin', company: 'cbi' })).message).toBe(
      'Created lead@cbi.example: admin of fleet citybus, member of CBI',
    );
    expect((await runAdminCommand(admin, { command: 'company-add', email: 'helper@cbi.example', company: 'CBI' })).message).toBe(
      'Created helper@cbi.example: member of CBI (City Bus Installers)',
    );
    const [row] = await c.database.db.select().from(company).where(eq(company.shortName, 'CBI'));
    const lead = bearer(await c.tokenFor('lead@cbi.example', []));
    expect((await c.app.inject({ url: '/api/me', headers: lead })).json()).toMatchObject({ company: { shortName: row!.shortName }, fleets: [{ slug: 'citybus', role: 'admin' }] });
  });

  it('refuse bad input with a clear message and change nothing', async () => {
    const { c, admin } = await operator();
    await expect(runAdminCommand(admin, { command: 'fleet-create', slug: 'Bad Slug', name: '', customerName: 'C', primaryContact: 'P', email: 'nope' })).rejects.toThrow(
      'Invalid input: slug must be 2 to 40 lower-case letters, digits or inner dashes; name is required; email is not a valid email address',
    );
    await expect(runAdminCommand(admin, { command: 'fleet-create', slug: 'sono', name: 'Something', customerName: 'C', primaryContact: 'P', email: 'a@b.example' })).rejects.toThrow(
      /fleet with this slug is already in use/,
    );
    await expect(runAdminCommand(admin, { command: 'company-add', email: 'x@example.com', company: 'NOPE' })).rejects.toThrow(/Installer company NOPE not found/);
    await expect(runAdminCommand(admin, { command: 'grant', email: 'x@example.com', fleet: 'sono', role: 'admin', company: 'NOPE' })).rejects.toThrow(/not found/);
    expect(await c.database.db.select().from(fleet).where(eq(fleet.name, 'Something'))).toHaveLength(0);
  });
});

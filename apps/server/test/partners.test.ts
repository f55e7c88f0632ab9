import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installation } from '../src/db/schema';
import { bearer, draftInstallation, signInWithCode, useTestApp } from './helper';

const ctx = useTestApp();

/** A demo-mode sign-up belongs to the demo company, which partners are scoped to. */
async function companyUser(email: string) {
  const c = await ctx();
  const { token } = await signInWithCode(c, email);
  return bearer(token);
}

describe('partners', () => {
  it('adds, lists, edits and deletes partners of the company', async () => {
    const c = await ctx();
    const h = await companyUser('partners-a@example.com');
    const created = await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'Depot Electric', email: 'Info@Depot-Electric.example' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Depot Electric', email: 'info@depot-electric.example', installationCount: 0 });
    const id = created.json().id;
    const edited = await c.app.inject({ method: 'PUT', url: `/api/partners/${id}`, headers: h, payload: { name: 'Depot Electric GmbH', email: 'info@depot-electric.example' } });
    expect(edited.json()).toMatchObject({ name: 'Depot Electric GmbH' });
    // A colleague of the same company sees it.
    const colleague = await companyUser('partners-b@example.com');
    expect((await c.app.inject({ url: '/api/partners', headers: colleague })).json().map((p: { name: string }) => p.name)).toContain('Depot Electric GmbH');
  });

  it('name and email are unique in the company, ignoring case; email must be valid', async () => {
    const c = await ctx();
    const h = await companyUser('partners-a@example.com');
    await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'Solar Crew', email: 'crew@solar.example' } });
    const sameName = await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'SOLAR CREW', email: 'other@solar.example' } });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'PARTNER_NAME_EXISTS', details: { field: 'name' } });
    const sameEmail = await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'Other Crew', email: 'CREW@solar.example' } });
    expect(sameEmail.json()).toMatchObject({ code: 'PARTNER_EMAIL_EXISTS', details: { field: 'email' } });
    const bad = await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'Bad', email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: 'body.email', message: 'invalidEmail' });
  });

  it('an installation can be assigned a partner; deleting the partner unassigns it', async () => {
    const c = await ctx();
    const h = await companyUser('partners-a@example.com');
    const p = (await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'Roof Team', email: 'roof@team.example' } })).json();
    const created = await c.app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: h,
      payload: { systemSerialNumber: 'SN-DEMO-0002', startDate: '2026-11-20', name: 'With partner', partnerId: p.id },
    });
    expect(created.json().partnerId).toBe(p.id);
    expect((await c.app.inject({ url: '/api/partners', headers: h })).json().find((x: { id: number }) => x.id === p.id).installationCount).toBe(1);
    const del = await c.app.inject({ method: 'DELETE', url: `/api/partners/${p.id}`, headers: h });
    expect(del.json()).toEqual({ unassigned: 1 });
    const [row] = await c.database.db.select().from(installation).where(eq(installation.id, created.json().id));
    expect(row!.partnerId).toBeNull();
  });

  it("another company's partner (or a user without company) gets 404/403 and changes nothing", async () => {
    const c = await ctx();
    const h = await companyUser('partners-a@example.com');
    const p = (await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'Kept', email: 'kept@example.com' } })).json();
    const outsider = bearer(await c.tokenFor('no-company@example.com'));
    expect((await c.app.inject({ url: '/api/partners', headers: outsider })).json()).toEqual([]);
    const put = await c.app.inject({ method: 'PUT', url: `/api/partners/${p.id}`, headers: outsider, payload: { name: 'Stolen', email: 'x@example.com' } });
    expect([403, 404]).toContain(put.statusCode);
    expect([403, 404]).toContain((await c.app.inject({ method: 'DELETE', url: `/api/partners/${p.id}`, headers: outsider })).statusCode);
    // Nor can an installation of the outsider point at it.
    const { id } = await draftInstallation(c, 'SN-DEMO-0004', 'no-company@example.com');
    const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: outsider })).json();
    const assign = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: outsider, payload: { version: current.version, partnerId: p.id } });
    expect(assign.statusCode).toBe(404);
    expect((await c.app.inject({ url: '/api/partners', headers: h })).json().find((x: { id: number }) => x.id === p.id).name).toBe('Kept');
  });
});

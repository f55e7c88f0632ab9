import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { installation } from '../src/db/schema';
import { bearer, dataSnapshot, signInWithCode, useTestApp, type TestContext } from './helper';

const ctx = useTestApp();

/** A user of the demo company who works only in `fleet`. */
async function companyUserOf(c: TestContext, email: string, fleet: 'sono' | 'acme') {
  const { token } = await signInWithCode(c, email); // demo sign-up: the demo company and fleet sono
  if (fleet !== 'sono') {
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'grant', email, fleet, role: 'installer' });
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'revoke', email, fleet: 'sono' });
  }
  return bearer(token);
}

const draftWith = async (c: TestContext, h: Record<string, string>, serial: string, partnerId: number) => {
  const res = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: { systemSerialNumber: serial, startDate: '2026-11-20', name: serial, partnerId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
};

describe('partners across the fleets of one company', () => {
  it("count only the installations of the caller's fleets", async () => {
    const c = await ctx();
    const sono = await companyUserOf(c, 'scope-sono@example.com', 'sono');
    const acme = await companyUserOf(c, 'scope-acme@example.com', 'acme');
    const partner = (await c.app.inject({ method: 'POST', url: '/api/partners', headers: sono, payload: { name: 'Shared Crew', email: 'shared@crew.example' } })).json();
    await draftWith(c, sono, 'SN-DEMO-0002', partner.id);
    await draftWith(c, sono, 'SN-DEMO-0003', partner.id);
    await draftWith(c, acme, 'SN-ACME-0001', partner.id);

    const countFor = async (h: Record<string, string>) => (await c.app.inject({ url: '/api/partners', headers: h })).json().find((p: { id: number }) => p.id === partner.id).installationCount;
    expect(await countFor(sono)).toBe(2);
    expect(await countFor(acme)).toBe(1);
    // An edit answers the count the same way.
    const edited = await c.app.inject({ method: 'PUT', url: `/api/partners/${partner.id}`, headers: acme, payload: { name: 'Shared Crew', email: 'shared@crew.example' } });
    expect(edited.json()).toMatchObject({ installationCount: 1 });
  });

  it("a member of one fleet cannot change another fleet's draft through a partner; their own drafts follow, each with a history entry naming them", async () => {
    const c = await ctx();
    const sono = await companyUserOf(c, 'scope-sono2@example.com', 'sono');
    const acme = await companyUserOf(c, 'scope-acme2@example.com', 'acme');
    const partner = (await c.app.inject({ method: 'POST', url: '/api/partners', headers: sono, payload: { name: 'Leaving Crew', email: 'leaving@crew.example' } })).json();
    await c.database.db.delete(installation).where(inArray(installation.systemSerial, ['SN-DEMO-0004', 'SN-ACME-0001'])); // left by the test above
    const mine = await draftWith(c, sono, 'SN-DEMO-0004', partner.id);
    const theirs = await draftWith(c, acme, 'SN-ACME-0001', partner.id);

    // Sono's member may neither rename nor delete the partner while acme's draft shows it.
    const before = await dataSnapshot(c);
    const renamed = await c.app.inject({ method: 'PUT', url: `/api/partners/${partner.id}`, headers: sono, payload: { name: 'Swapped Partner', email: 'leaving@crew.example' } });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await c.app.inject({ method: 'DELETE', url: `/api/partners/${partner.id}`, headers: sono })).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await dataSnapshot(c)).toBe(before);
    expect((await c.app.inject({ url: `/api/installations/${theirs.id}/summary`, headers: acme })).json().general.partner).toMatchObject({ name: 'Leaving Crew' });

    // Once acme's draft no longer shows it, sono's member changes their own drafts, and each says who did it.
    await c.app.inject({ method: 'PUT', url: `/api/installations/${theirs.id}`, headers: acme, payload: { version: theirs.version, partnerId: null } });
    const ok = await c.app.inject({ method: 'PUT', url: `/api/partners/${partner.id}`, headers: sono, payload: { name: 'Renamed Crew', email: 'leaving@crew.example' } });
    expect(ok.statusCode).toBe(200);
    const history = (await c.app.inject({ url: `/api/installations/${mine.id}/history`, headers: sono })).json();
    expect(history[0]).toMatchObject({ action: 'changed', field: 'partnerId', oldValue: 'Leaving Crew (leaving@crew.example)', newValue: 'Renamed Crew (leaving@crew.example)', actor: { email: 'scope-sono2@example.com' } });
    const del = await c.app.inject({ method: 'DELETE', url: `/api/partners/${partner.id}`, headers: sono });
    expect(del.json()).toEqual({ unassigned: 1 });
    const [row] = await c.database.db.select().from(installation).where(eq(installation.id, mine.id));
    expect(row).toMatchObject({ partnerId: null, version: mine.version + 2 });
    const latest = (await c.app.inject({ url: `/api/installations/${mine.id}/history`, headers: sono })).json()[0];
    expect(latest).toMatchObject({ action: 'changed', field: 'partnerId', oldValue: 'Renamed Crew (leaving@crew.example)', newValue: null, actor: { email: 'scope-sono2@example.com' } });
    // A wizard that still holds the partner gets a conflict instead of writing it back.
    const stale = await c.app.inject({ method: 'PUT', url: `/api/installations/${mine.id}`, headers: sono, payload: { version: mine.version, name: 'Old form' } });
    expect(stale.json()).toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
  });
});

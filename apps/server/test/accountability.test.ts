import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { installation, user } from '../src/db/schema';
import { bearer, readyToSubmit, useTestApp } from './helper';

const ctx = useTestApp();

async function userId(email: string) {
  const c = await ctx();
  const [row] = await c.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

describe('every installation says who did it', () => {
  it('stores creator, last changer and submitter with times; the summary shows the creator of a draft and the submitter once completed, never the viewer', async () => {
    const c = await ctx();
    const admin = { db: c.database.db, auth: c.app.auth };
    await runAdminCommand(admin, { command: 'company-create', shortName: 'CRT', name: 'Creator Crew', email: 'office@crt.example' });
    await runAdminCommand(admin, { command: 'company-create', shortName: 'SBM', name: 'Submit Squad', email: 'office@sbm.example' });
    await runAdminCommand(admin, { command: 'grant', email: 'creator@crt.example', fleet: 'sono', company: 'CRT' });
    await runAdminCommand(admin, { command: 'grant', email: 'finisher@sbm.example', fleet: 'sono', company: 'SBM' });
    const { id } = await readyToSubmit(c, 'SN-DEMO-0001', 'creator@crt.example');
    const finisher = bearer(await c.tokenFor('finisher@sbm.example'));
    const viewer = bearer(await c.tokenFor('viewer@example.com'));

    // A draft: whoever looks, the installer is its creator with the creator's company.
    const draft = (await c.app.inject({ url: `/api/installations/${id}/summary`, headers: viewer })).json();
    expect(draft.installer).toEqual({
      installerName: 'creator',
      installerEmail: 'creator@crt.example',
      companyName: 'Creator Crew',
      companyShortName: 'CRT',
      companyEmail: 'office@crt.example',
    });

    // Someone else changes and submits it.
    const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: finisher })).json();
    const changed = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: finisher, payload: { version: current.version, name: 'Renamed by finisher' } });
    expect(changed.statusCode).toBe(200);
    const [afterChange] = await c.database.db.select().from(installation).where(eq(installation.id, id));
    expect(afterChange).toMatchObject({ createdBy: await userId('creator@crt.example'), updatedBy: await userId('finisher@sbm.example'), submittedBy: null, submittedAt: null });

    const before = Date.now();
    const submitted = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: finisher, payload: { summaryDataConfirmed: true } });
    expect(submitted.statusCode).toBe(200);
    const [done] = await c.database.db.select().from(installation).where(eq(installation.id, id));
    expect(done!.submittedBy).toBe(await userId('finisher@sbm.example'));
    expect(done!.submittedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(done!.createdAt.getTime()).toBeLessThanOrEqual(done!.submittedAt!.getTime());

    for (const headers of [viewer, bearer(await c.tokenFor('creator@crt.example'))]) {
      const summary = (await c.app.inject({ url: `/api/installations/${id}/summary`, headers })).json();
      expect(summary.installer).toMatchObject({ installerEmail: 'finisher@sbm.example', companyName: 'Submit Squad', companyShortName: 'SBM' });
    }
  });

  it('the list shows who created each installation and filters to mine', async () => {
    const c = await ctx();
    const mine = await readyToSubmit(c, 'SN-DEMO-0002', 'lister@example.com');
    const theirs = await readyToSubmit(c, 'SN-DEMO-0003', 'other-lister@example.com');
    const h = bearer(await c.tokenFor('lister@example.com'));

    const all = (await c.app.inject({ url: '/api/installations?fleet=sono&pageSize=100', headers: h })).json();
    const byId = new Map(all.items.map((i: { id: number; createdBy: unknown }) => [i.id, i.createdBy]));
    expect(byId.get(mine.id)).toEqual({ name: 'lister', email: 'lister@example.com' });
    expect(byId.get(theirs.id)).toEqual({ name: 'other-lister', email: 'other-lister@example.com' });

    const filtered = (await c.app.inject({ url: '/api/installations?fleet=sono&mine=true', headers: h })).json();
    expect(filtered.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    expect(filtered.total).toBe(1);
    const bad = await c.app.inject({ url: '/api/installations?fleet=sono&mine=yes', headers: h });
    expect(bad.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});

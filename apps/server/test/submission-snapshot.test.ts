import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { company, reportPdf, user } from '../src/db/schema';
import { pdftotext, readyToSubmit, signInWithCode, type TestContext, useTestApp } from './helper';

/** Builds four reports in the report worker: on a busy shared machine this takes well over the default 30 s. */
const HEAVY_TEST_MS = 120_000;

const ctx = useTestApp();

/** Everything a completed record shows to its fleet and to the public. */
async function shown(c: TestContext, id: number, h: Record<string, string>) {
  // Built anew each time, not read back: the proof is in what the report is made from.
  await c.database.db.delete(reportPdf);
  const report = pdftotext((await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=en`, headers: h })).rawPayload);
  const code = /#\/verify\/([A-Za-z0-9_-]{24})/.exec(report)![1];
  const summary = (await c.app.inject({ url: `/api/installations/${id}/summary`, headers: h })).json();
  const verification = (await c.app.inject({ url: `/api/verify/${code}` })).json();
  return { summary: { general: summary.general, installer: summary.installer }, report: report.replace(/Made on [^\n]*/, ''), verification };
}

describe('a completed record is what was submitted', () => {
  it('renaming and deleting the partner, renaming the company and the submitter leave summary, report and verification as submitted; resubmitting takes a new snapshot', async () => {
    const c = await ctx();
    const email = 'snapshot-installer@example.com';
    await signInWithCode(c, email); // demo sign-up: the demo company, fleet sono
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0001', email);
    const partner = (await c.app.inject({ method: 'POST', url: '/api/partners', headers: h, payload: { name: 'Original Crew', email: 'crew@original.example' } })).json();
    const current = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
    expect((await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: current.version, partnerId: partner.id } })).statusCode).toBe(200);
    expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } })).statusCode).toBe(200);

    const submitted = await shown(c, id, h);
    expect(submitted.summary.general.partner).toMatchObject({ name: 'Original Crew', email: 'crew@original.example' });
    expect(submitted.report).toContain('Original Crew (crew@original.example)');
    const [me] = await c.database.db.select().from(user).where(eq(user.email, email));
    const [mine] = await c.database.db.select().from(company).where(eq(company.id, me!.companyId!));
    expect(submitted.summary.installer).toMatchObject({ companyName: mine!.name, installerEmail: email });
    expect(submitted.verification.company).toBe(mine!.name);

    const renamed = await c.app.inject({ method: 'PUT', url: `/api/partners/${partner.id}`, headers: h, payload: { name: 'Swapped Partner', email: 'swapped@partner.example' } });
    expect(renamed.statusCode).toBe(200);
    await c.database.db.update(company).set({ name: 'Renamed Company' }).where(eq(company.id, mine!.id));
    await c.database.db.update(user).set({ name: 'Someone Else' }).where(eq(user.id, me!.id));
    expect(await shown(c, id, h)).toEqual(submitted);
    expect((await c.app.inject({ method: 'DELETE', url: `/api/partners/${partner.id}`, headers: h })).json()).toEqual({ unassigned: 0 });
    expect(await shown(c, id, h)).toEqual(submitted);

    // Reopen and resubmit: the new report version shows things as they are then.
    const admin = { authorization: `Bearer ${await c.tokenFor('snapshot-admin@example.com', [{ fleet: 'sono', role: 'admin' }])}` };
    const version = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json().version;
    expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/reopen`, headers: admin, payload: { version, reason: 'Partner left' } })).statusCode).toBe(200);
    expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } })).statusCode).toBe(200);
    const resubmitted = await shown(c, id, h);
    expect(resubmitted.summary.general.partner).toBeNull();
    expect(resubmitted.summary.installer).toMatchObject({ companyName: 'Renamed Company', installerName: 'Someone Else' });
    expect(resubmitted.verification).toMatchObject({ company: 'Renamed Company', reportVersion: 2 });
  }, HEAVY_TEST_MS);
});

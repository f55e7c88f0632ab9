import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { bearer, readyToSubmit, useTestApp, type TestContext } from './helper';

const ctx = useTestApp();

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const get = async (c: TestContext, url: string, headers: Record<string, string> = {}) => c.app.inject({ url, headers });
const submit = (c: TestContext, id: number, h: Record<string, string>) =>
  c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } });

describe("the report's times", () => {
  it("prints times in the fleet's time zone (Europe/Berlin until the operator sets another), never in UTC", async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0004', 'report-zone@example.com');
    await c.database.db.execute(sql`update system_check set created_at = '2026-11-26T16:44:52Z' where installation_id = ${id}`);
    expect((await submit(c, id, h)).statusCode).toBe(200);
    const berlin = await pdfText((await get(c, `/api/installations/${id}/report.pdf?lang=de`, h)).rawPayload);
    expect(berlin).toContain('26/11/2026 17:44 MEZ');
    expect(berlin).not.toContain('UTC');

    const admin = { db: c.database.db, auth: c.app.auth };
    await runAdminCommand(admin, { command: 'operator-add', email: 'zone-operator@vendor.example' });
    const op = bearer(await c.tokenFor('zone-operator@vendor.example', []));
    const sono = ((await get(c, '/api/operator/fleets', op)).json() as { id: number; slug: string; timeZone: string }[]).find((f) => f.slug === 'sono')!;
    expect(sono.timeZone).toBe('Europe/Berlin');
    const { id: fleetId, admins: _a, memberCount: _m, ...fields } = sono as typeof sono & { admins: unknown; memberCount: unknown };
    const wrong = await c.app.inject({ method: 'PUT', url: `/api/operator/fleets/${fleetId}`, headers: op, payload: { ...fields, timeZone: 'Mars/Olympus' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const changed = await c.app.inject({ method: 'PUT', url: `/api/operator/fleets/${fleetId}`, headers: op, payload: { ...fields, timeZone: 'America/New_York' } });
    expect(changed.json()).toMatchObject({ timeZone: 'America/New_York' });
    // A change without the field keeps the time zone.
    const renamed = await c.app.inject({ method: 'PUT', url: `/api/operator/fleets/${fleetId}`, headers: op, payload: { ...fields, timeZone: undefined } });
    expect(renamed.json()).toMatchObject({ timeZone: 'America/New_York' });
    const newYork = await pdfText((await get(c, `/api/installations/${id}/report.pdf?lang=en`, h)).rawPayload);
    expect(newYork).toContain('11/26/2026 11:44');

    const cli = await runAdminCommand(admin, { command: 'fleet-time-zone', slug: 'sono', timeZone: 'Europe/Berlin' });
    expect(cli.message).toContain('Europe/Berlin');
    await expect(runAdminCommand(admin, { command: 'fleet-time-zone', slug: 'sono', timeZone: 'Nowhere' })).rejects.toThrow(/not a time zone/);
  });

});

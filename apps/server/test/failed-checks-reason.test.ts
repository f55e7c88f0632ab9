import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { bearer, dataSnapshot, pdftotext, readyToSubmit, type TestContext, useTestApp } from './helper';

/** Renders reports in the report worker: on a busy shared machine this takes well over the default 30 s. */
const HEAVY_TEST_MS = 120_000;

const ctx = useTestApp();

const versionOf = async (c: TestContext, id: number, h: Record<string, string>) => (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json().version as number;
const put = async (c: TestContext, id: number, h: Record<string, string>, body: Record<string, unknown>) =>
  c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: await versionOf(c, id, h), ...body } });

/** SN-DEMO-0005 with its second controller's check failed, everything else ready to submit. */
async function withFailedCheck(c: TestContext, email: string) {
  const { h, id } = await readyToSubmit(c, 'SN-DEMO-0005', email);
  await c.database.db.execute(sql`update system_check set status = 'failed' where installation_id = ${id} and controller_serial = 'CC-DEMO-0005-B'`);
  return { h, id };
}

const REASON = 'Controller B waits for a new fuse; fitted on Monday';

describe('proceeding with failed checks says why', () => {
  it('refuses proceeding without a reason, or with one too short or too long, and changes nothing', async () => {
    const c = await ctx();
    const { h, id } = await withFailedCheck(c, 'reason-rules@example.com');
    const before = await dataSnapshot(c);
    const missing = await put(c, id, h, { proceededWithFailedChecks: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('Proceeding with failed digital checks needs a reason'),
      details: [{ field: 'failedChecksReason', message: 'required' }],
    });
    for (const [reason, message] of [['  ', 'required'], ['ok', 'tooShort'], ['x'.repeat(501), 'tooLong']] as const) {
      const refused = await put(c, id, h, { proceededWithFailedChecks: true, failedChecksReason: reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(refused.json().details[0]).toMatchObject({ path: 'body.failedChecksReason', message });
    }
    // A reason belongs to going on: alone or with clearing the flag it is refused.
    expect((await put(c, id, h, { failedChecksReason: REASON })).json()).toMatchObject({ status: 400, details: [{ field: 'failedChecksReason', message: 'unexpected' }] });
    expect((await put(c, id, h, { proceededWithFailedChecks: false, failedChecksReason: REASON })).statusCode).toBe(400);
    expect(await dataSnapshot(c)).toBe(before);
    expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } })).json().details.missing).toEqual([
      'systemChecks.failedNotConfirmed',
    ]);
  });

  it('another fleet cannot proceed on its behalf: 404, nothing changes', async () => {
    const c = await ctx();
    const { h, id } = await withFailedCheck(c, 'reason-owner@example.com');
    const other = bearer(await c.tokenFor('reason-acme@example.com', [{ fleet: 'acme', role: 'admin' }]));
    const before = await dataSnapshot(c);
    const res = await c.app.inject({
      method: 'PUT',
      url: `/api/installations/${id}`,
      headers: other,
      payload: { version: await versionOf(c, id, h), proceededWithFailedChecks: true, failedChecksReason: REASON },
    });
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await dataSnapshot(c)).toBe(before);
  });

  it('going back on the decision (all checks passed) clears flag and reason', async () => {
    const c = await ctx();
    const { h, id } = await withFailedCheck(c, 'reason-clear@example.com');
    expect((await put(c, id, h, { proceededWithFailedChecks: true, failedChecksReason: REASON })).statusCode).toBe(200);
    expect((await put(c, id, h, { proceededWithFailedChecks: false })).statusCode).toBe(200);
    expect((await c.app.inject({ url: `/api/installations/${id}/summary`, headers: h })).json()).toMatchObject({ proceededWithFailedChecks: false, failedChecksReason: null });
    const [row] = rowsOf<{ reason: string | null }>(await c.database.db.execute(sql`select failed_checks_reason as reason from installation where id = ${id}`));
    expect(row!.reason).toBeNull();
  });

  it(
    'the reason is stored, shown in the summary, written into the history and printed in the report (en, de)',
    async () => {
      const c = await ctx();
      const { h, id } = await withFailedCheck(c, 'reason-report@example.com');
      const proceeded = await put(c, id, h, { proceededWithFailedChecks: true, failedChecksReason: `  ${REASON}  ` });
      expect(proceeded.statusCode).toBe(200);
      expect(proceeded.json()).toMatchObject({ proceededWithFailedChecks: true });
      expect((await c.app.inject({ url: `/api/installations/${id}/summary`, headers: h })).json()).toMatchObject({ proceededWithFailedChecks: true, failedChecksReason: REASON });

      expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } })).statusCode).toBe(200);
      const history = (await c.app.inject({ url: `/api/installations/${id}/history`, headers: h })).json() as { action: string; field: string; newValue: string; actor: { email: string } }[];
      expect(history).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'changed', field: 'failedChecksReason', newValue: REASON, actor: expect.objectContaining({ email: 'reason-report@example.com' }) }),
          expect.objectContaining({ action: 'submitted', field: 'failedChecksReason', newValue: REASON }),
        ]),
      );

      const english = pdftotext((await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=en`, headers: h })).rawPayload).replace(/\s+/g, ' ');
      expect(english).toContain('This installation is processed with failed digital checks.');
      expect(english).toContain(`Reason for proceeding with failed checks: ${REASON}`);
      const german = pdftotext((await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=de`, headers: h })).rawPayload).replace(/\s+/g, ' ');
      expect(german).toContain(`Grund für das Fortfahren trotz fehlgeschlagener Prüfungen: ${REASON}`);

      // The list's export names the reason beside the flag, in both formats; one without it leaves the cell empty.
      const csv = (await c.app.inject({ url: '/api/installations/export.csv?fleet=sono&failedChecks=true&q=SN-DEMO-0005', headers: h })).body.trim().split('\n');
      const header = csv[0]!.split(',');
      const reasonAt = header.indexOf('failedChecksReason');
      expect(header[reasonAt - 1]).toBe('proceededWithFailedChecks');
      expect(csv).toHaveLength(2);
      expect(csv[1]!.split(',').slice(reasonAt - 1, reasonAt + 1)).toEqual(['true', REASON]);
      const sheet = await readSheet((await c.app.inject({ url: '/api/installations/export.xlsx?fleet=sono&q=SN-DEMO-0005', headers: h })).rawPayload);
      expect(sheet[1]![reasonAt]).toBe(REASON);
      const plain = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: { systemSerialNumber: 'SN-DEMO-0003', startDate: '2026-11-20', name: 'Bus without a reason' } });
      expect(plain.statusCode).toBe(201);
      const drafts = (await c.app.inject({ url: '/api/installations/export.csv?fleet=sono&q=SN-DEMO-0003', headers: h })).body.trim().split('\n');
      expect(drafts).toHaveLength(2);
      expect(drafts[1]!.split(',').slice(reasonAt - 1, reasonAt + 1)).toEqual(['false', '']);
    },
    HEAVY_TEST_MS,
  );
});

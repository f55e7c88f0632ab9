import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installationReport, user } from '../src/db/schema';
import { bearer, ORIGIN, pdftotext, readyToSubmit, signInWithCode, type TestContext, useTestApp } from './helper';

/** Builds a report in the report worker: on a busy shared machine this takes well over the default 30 s. */
const HEAVY_TEST_MS = 120_000;

const ctx = useTestApp();

const me = async (c: TestContext, h: Record<string, string>) => (await c.app.inject({ url: '/api/me', headers: h })).json();
const rename = (c: TestContext, h: Record<string, string>, displayName: unknown) =>
  c.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...h, ...ORIGIN }, payload: { displayName } });

describe('the display name a person chooses', () => {
  it('starts as a guess the person has not chosen, and PATCH /api/me sets it', async () => {
    const c = await ctx();
    const { token } = await signInWithCode(c, 'jana.petersen@example.com');
    const h = bearer(token);
    // Read twice: the second answer is the one the read cache holds.
    expect(await me(c, h)).toMatchObject({ name: 'jana.petersen', email: 'jana.petersen@example.com', nameChosen: false });
    expect(await me(c, h)).toMatchObject({ nameChosen: false });

    const saved = await rename(c, h, '  Jana Petersen ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Jana Petersen', email: 'jana.petersen@example.com', nameChosen: true });
    expect(await me(c, h)).toMatchObject({ name: 'Jana Petersen', nameChosen: true });
    // Editable later.
    expect((await rename(c, h, 'Jana P.')).json()).toMatchObject({ name: 'Jana P.', nameChosen: true });
  });

  it('refuses an empty, a too long or a multi-line name with the error envelope, and changes nothing', async () => {
    const c = await ctx();
    const { token } = await signInWithCode(c, 'refused.name@example.com');
    const h = bearer(token);
    for (const [displayName, message] of [
      ['', 'required'],
      ['   ', 'required'],
      [undefined, 'required'],
      ['x'.repeat(81), 'tooLong'],
      ['Ina\nInstaller', 'invalidCharacters'],
      [42, 'required'],
    ] as const) {
      const res = await rename(c, h, displayName);
      expect(res.statusCode, String(displayName)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: expect.any(String), details: [expect.objectContaining({ message })] });
    }
    expect(await me(c, h)).toMatchObject({ name: 'refused.name', nameChosen: false });
    const signedOut = await c.app.inject({ method: 'PATCH', url: '/api/me', headers: ORIGIN, payload: { displayName: 'Nobody' } });
    expect(signedOut.statusCode).toBe(401);
  });

  it("changes only the caller's own name", async () => {
    const c = await ctx();
    const first = bearer((await signInWithCode(c, 'first.person@example.com')).token);
    const second = bearer((await signInWithCode(c, 'second.person@example.com')).token);
    expect((await rename(c, first, 'First Person')).statusCode).toBe(200);
    expect(await me(c, second)).toMatchObject({ name: 'second.person', nameChosen: false });
  });

  it(
    'the summary, the history and the report show it where they showed the address',
    async () => {
      const c = await ctx();
      const email = 'ina.fitter@example.com';
      const { token } = await signInWithCode(c, email);
      expect((await rename(c, bearer(token), 'Ina Fitter')).statusCode).toBe(200);
      const { h, id } = await readyToSubmit(c, 'SN-DEMO-0002', email);

      const summary = (await c.app.inject({ url: `/api/installations/${id}/summary`, headers: h })).json();
      expect(summary.installer).toMatchObject({ installerName: 'Ina Fitter', installerEmail: email });
      const history = (await c.app.inject({ url: `/api/installations/${id}/history`, headers: h })).json();
      const actors = history.map((e: { actor: { name: string } | null }) => e.actor?.name).filter(Boolean);
      expect(new Set(actors)).toEqual(new Set(['Ina Fitter']));

      expect((await c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true } })).statusCode).toBe(200);
      const [signed] = await c.database.db.select().from(installationReport).where(eq(installationReport.installationId, id));
      expect(signed!.snapshot?.installer).toMatchObject({ installerName: 'Ina Fitter', installerEmail: email });
      // Renamed after the submit: the completed record keeps the name it was submitted with.
      await c.database.db.update(user).set({ name: 'Ina Renamed' }).where(eq(user.email, email));
      expect((await c.app.inject({ url: `/api/installations/${id}/summary`, headers: h })).json().installer).toMatchObject({ installerName: 'Ina Fitter' });
      const report = pdftotext((await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=en`, headers: h })).rawPayload);
      expect(report).toContain(`Ina Fitter (${email})`);
      expect(report).not.toContain('ina.fitter (');
    },
    HEAVY_TEST_MS,
  );
});

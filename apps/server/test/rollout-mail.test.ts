import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { buildApp, type App } from '../src/app';
import type { Mail } from '../src/auth/mailer';
import { openDatabase, rowsOf } from '../src/db/client';
import { loadEnv } from '../src/env';
import { nextWeeklySend, sendDueRolloutMails } from '../src/services/reports/rollout-mail';
import { PUBLIC_URL, bearer, createPostgresDatabase, engine, useTestApp } from './helper';
import { seedRollout } from './rollout-fixture';

const getCtx = useTestApp({ seed: false, realMailer: true });

describe('the weekly rollout mail', () => {
  it('goes next Monday at 06:00 UTC', () => {
    expect(nextWeeklySend(new Date('2026-11-27T12:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextWeeklySend(new Date('2026-11-30T05:59:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextWeeklySend(new Date('2026-11-30T06:00:00Z')).toISOString()).toBe('2026-12-07T06:00:00.000Z');
  });

  it('a subscribed admin gets it once a week in their language, in the outbox, and unsubscribes without signing in', async () => {
    const ctx = await getCtx();
    const now = new Date();
    await seedRollout(ctx.app.db, now);
    const admin = bearer(await ctx.tokenFor('admin@roll.example', [{ fleet: 'roll', role: 'admin' }]));
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/fleets/roll/rollout/settings', headers: admin, payload: { weeklyMail: true, locale: 'de' } });
    expect(put.json()).toEqual({ stallDays: 3, weeklyMail: true, locale: 'de' });

    const outbox = path.join(ctx.dataDir, 'outbox');
    const mailsIn = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as Mail) : []);
    expect(await sendDueRolloutMails(ctx.app.db, ctx.app.mailer, PUBLIC_URL, now)).toBe(0);
    const monday = nextWeeklySend(now);
    expect(await sendDueRolloutMails(ctx.app.db, ctx.app.mailer, PUBLIC_URL, monday)).toBe(1);
    expect(await sendDueRolloutMails(ctx.app.db, ctx.app.mailer, PUBLIC_URL, monday)).toBe(0);
    const [mail] = mailsIn();
    expect(mail).toMatchObject({ to: 'admin@roll.example', subject: 'Wöchentlicher Rollout von Roll Buses: 4 von 10 Systemen erledigt' });
    expect(mail!.text).toContain('Nicht begonnen: 2');
    expect(mail!.text).toContain('Abgeschlossen mit fehlgeschlagenen Prüfungen: 1');
    expect(mail!.text).toContain('Braucht Aufmerksamkeit (3)');
    expect(mail!.text).toMatch(/R04: Ins Stocken geraten \(Fahrzeug\), \d+ Tage\n {4}http:\/\/localhost:3000\/#\/roll\/installations\/\d+/);
    expect(mail!.html).toContain('<a href="http://localhost:3000/#/roll/rollout">');

    const token = /rollout-mail\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const shown = await ctx.app.inject({ url: `/api/rollout-mail/${token}` });
    expect(shown.json()).toEqual({ fleet: 'Roll Buses', email: 'admin@roll.example', locale: 'de' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/rollout-mail/${token}/unsubscribe` })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/rollout-mail/${token}/unsubscribe` })).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `/api/rollout-mail/${token}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/fleets/roll/rollout/settings', headers: admin })).json()).toMatchObject({ weeklyMail: false });
    expect(await sendDueRolloutMails(ctx.app.db, ctx.app.mailer, PUBLIC_URL, new Date(monday.getTime() + 8 * 86400_000))).toBe(0);
    expect(mailsIn()).toHaveLength(1);
  });

  it('is not sent to someone who is no admin of the fleet any more', async () => {
    const ctx = await getCtx();
    const h = bearer(await ctx.tokenFor('leaver@roll.example', [{ fleet: 'roll', role: 'admin' }]));
    await ctx.app.inject({ method: 'PUT', url: '/api/fleets/roll/rollout/settings', headers: h, payload: { weeklyMail: true } });
    await runAdminCommand({ db: ctx.database.db, auth: ctx.app.auth, readCache: ctx.app.readCache }, { command: 'grant', email: 'leaver@roll.example', fleet: 'roll', role: 'installer' });
    expect(await sendDueRolloutMails(ctx.app.db, ctx.app.mailer, PUBLIC_URL, new Date(Date.now() + 8 * 86400_000))).toBe(0);
    expect(rowsOf(await ctx.app.db.execute(sql`select 1 from rollout_subscription`))).toHaveLength(0);
  });
});

describe.skipIf(engine !== 'postgres')('two server instances on one PostgreSQL database', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('send each due weekly mail once', async () => {
    const pgDb = await createPostgresDatabase();
    cleanup.push(() => pgDb.drop());
    const apps: { app: App; mails: Mail[] }[] = [];
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: pgDb.url, poolSize: 4 });
      if (i === 0) await database.migrate();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-rollout-mail-'));
      const mails: Mail[] = [];
      const env = loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PUBLIC_URL,
        DEMO: 'true',
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web'),
        CHECK_SWEEP_INTERVAL_MS: '0',
        SIMULATOR: 'false',
        ROLLOUT_MAIL_INTERVAL_MS: '0',
      });
      // A mail server that takes its time, so both instances are inside a round at once.
      const mailer = { send: async (mail: Mail) => void (await new Promise((r) => setTimeout(r, 20)), mails.push(mail)) };
      const app = await buildApp({ env, database, authSecret: 'rollout-mail-secret-rollout-mail-secret', mailer, logger: false });
      await app.ready();
      cleanup.push(async () => (await app.close(), await database.close(), fs.rmSync(dataDir, { recursive: true, force: true })));
      apps.push({ app, mails });
    }
    const db = apps[0]!.app.db;
    const now = new Date();
    await seedRollout(db, now);
    for (let i = 0; i < 6; i++) {
      const email = `admin${i}@roll.example`;
      await runAdminCommand({ db, auth: apps[0]!.app.auth }, { command: 'grant', email, fleet: 'roll', role: 'admin' });
      const { token } = await runAdminCommand({ db, auth: apps[0]!.app.auth }, { command: 'token', email });
      const res = await apps[i % 2]!.app.inject({ method: 'PUT', url: '/api/fleets/roll/rollout/settings', headers: bearer(token!), payload: { weeklyMail: true, locale: i % 2 ? 'de' : 'en' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const monday = nextWeeklySend(now);
    // Both instances send at the same moment, each several rounds.
    const rounds = await Promise.all(apps.flatMap(({ app }) => [0, 1, 2].map(() => sendDueRolloutMails(app.db, app.mailer, PUBLIC_URL, monday))));
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(6);
    const all = apps.flatMap((a) => a.mails).map((m) => m.to).sort();
    expect(all).toEqual(['admin0@roll.example', 'admin1@roll.example', 'admin2@roll.example', 'admin3@roll.example', 'admin4@roll.example', 'admin5@roll.example']);
    await vi.waitFor(async () => expect(await sendDueRolloutMails(db, apps[1]!.app.mailer, PUBLIC_URL, monday)).toBe(0));
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject, vi } from 'vitest';
import { createTruckInput, passingSetupOf } from '@portal/domain/testing/vehicle';
import { runAdminCommand } from '../src/admin/commands';
import { buildApp, type App } from '../src/app';
import type { Mail, Mailer } from '../src/auth/mailer';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed';
import { loadEnv } from '../src/env';

export const PUBLIC_URL = 'http://localhost:3000';
export const DEVICE_KEY = 'test-device-key-0123456789';
export const ORIGIN = { origin: PUBLIC_URL };
export const engine = (process.env.TEST_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

/** A PostgreSQL database of its own for one test file, dropped afterwards. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A new, migrated, empty database of the engine under test. */
export async function openFreshDatabase(viaProxyPort?: number, listenViaProxyPort?: number): Promise<{ database: Database; drop(): Promise<void> }> {
  const pgDb = engine === 'postgres' ? await createPostgresDatabase() : null;
  const proxied = (port: number | undefined) => (pgDb && port ? Object.assign(new URL(pgDb.url), { hostname: '127.0.0.1', port: String(port) }).toString() : undefined);
  const url = proxied(viaProxyPort) ?? pgDb?.url;
  const database = pgDb
    ? await openDatabase({ url, directUrl: proxied(listenViaProxyPort), poolSize: 5 })
    : await openDatabase({ pgliteSnapshot: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]) });
  await database.migrate();
  return { database, drop: async () => void (await pgDb?.drop()) };
}

export interface TestContext {
  app: App;
  database: Database;
  mails: Mail[];
  dataDir: string;
  /** A valid ID token for a user, created and granted as the operator CLI would. */
  tokenFor(email: string, grants?: { fleet: string; role?: 'installer' | 'admin' }[]): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  /** PostgreSQL only: reach the test database through a local TCP proxy on this port. */
  viaProxyPort?: number;
  /** PostgreSQL only: the listening connection (and the migration lock) goes through a TCP proxy on this port. */
  listenViaProxyPort?: number;
  /** Send mail as the server does (SMTP_URL or the outbox) instead of capturing it in `mails`. */
  realMailer?: boolean;
  /** Receives the server log as JSON lines, every level. */
  logStream?: NodeJS.WritableStream;
  /** A database the caller opened and migrated (closed with the app, not dropped). */
  database?: Database;
}

/** The AUTH_SECRET of the test apps, for a server process that shares their database. */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The real app on a real database (PGlite, or PostgreSQL when TEST_ENGINE=postgres). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-'));
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await openFreshDatabase(options.viaProxyPort, options.listenViaProxyPort);
  if (options.seed !== false) await seedDemo(database.db);

  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    DEVICE_API_KEYS: DEVICE_KEY,
    CHECK_SWEEP_INTERVAL_MS: '0',
    SIMULATOR: 'false',
    ...options.env,
  });
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const app = await buildApp({
    env,
    database,
    authSecret: TEST_AUTH_SECRET,
    mailer: options.realMailer ? undefined : mailer,
    logger: options.logStream ? { level: 'trace', stream: options.logStream } : false,
  });
  await app.ready();

  return {
    app,
    database,
    mails,
    dataDir,
    async tokenFor(email, grants = [{ fleet: 'sono' }]) {
      for (const g of grants) await runAdminCommand({ db: database.db, auth: app.auth, readCache: app.readCache }, { command: 'grant', email, fleet: g.fleet, role: g.role ?? 'installer' });
      if (grants.length === 0) await ensureUser(app, email);
      const { token } = await runAdminCommand({ db: database.db, auth: app.auth }, { command: 'token', email });
      return token!;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function ensureUser(app: App, email: string) {
  const { user } = await import('../src/db/schema');
  await app.db
    .insert(user)
    .values({ id: crypto.randomUUID(), email, name: email.split('@')[0]!, emailVerified: true })
    .onConflictDoNothing();
}

/** One test app per file, closed after the file. */
export function useTestApp(options?: TestAppOptions) {
  let ctx: TestContext | undefined;
  const get = async () => (ctx ??= await createTestApp(options));
  afterAll(async () => {
    await ctx?.close();
  });
  return get;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The 6-digit code and the link of the last sign-in mail sent to an address. */
export function lastSignInMail(mails: Mail[], email: string) {
  const mail = [...mails].reverse().find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!code || !link) throw new Error('mail has no code or link');
  return { code, link };
}

/** Signs in through the real flow (mail, code, cookie) and returns the cookie and an ID token. */
export async function signInWithCode(ctx: TestContext, email: string) {
  const sent = await ctx.app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email }, headers: ORIGIN });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const { code } = lastSignInMail(ctx.mails, email);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email-otp', payload: { email, otp: code }, headers: ORIGIN });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const cookie = cookieHeader(res.headers['set-cookie']);
  const tokenRes = await ctx.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  return { cookie, token: (tokenRes.json() as { token: string }).token };
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** A draft installation of a demo system for a user of fleet sono; an existing one is reused. */
export async function draftInstallation(ctx: TestContext, serial: string, email = `draft-${serial.toLowerCase()}@example.com`) {
  const headers = bearer(await ctx.tokenFor(email));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/installations', headers, payload: { systemSerialNumber: serial, startDate: '2026-11-20', name: serial } });
  if (res.statusCode === 201) return { h: headers, id: res.json().id as number };
  const listed = await ctx.app.inject({ url: `/api/installations?fleet=sono&q=${encodeURIComponent(serial)}`, headers });
  return { h: headers, id: listed.json().items[0].id as number };
}

/** Records everything a submit needs through the API: customer, vehicle, setup, uploads, passed checks. */
export async function readyToSubmit(ctx: TestContext, serial: string, email?: string) {
  const { h, id } = await draftInstallation(ctx, serial, email);
  const { makeJpeg, dataUrl } = await import('./files');
  const get = async () => (await ctx.app.inject({ url: `/api/installations/${id}`, headers: h })).json();
  let current = await get();
  current = (await ctx.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: current.version, customerDataConfirmed: true } })).json();
  current = (
    await ctx.app.inject({
      method: 'POST',
      url: `/api/installations/${id}/vehicle`,
      headers: h,
      payload: { version: current.version, ...createTruckInput() },
    })
  ).json();
  const controllers = current.system.chargeControllers as { serialNumber: string; type: 'HV' | 'LV' }[];
  await ctx.app.inject({
      method: 'PUT',
      url: `/api/installations/${id}/setup`,
      headers: h,
      payload: { version: current.version, controllers: passingSetupOf(controllers) },
    });
  await ctx.app.inject({
    method: 'POST',
    url: `/api/installations/${id}/uploads`,
    headers: h,
    payload: [
      { type: 'pvModules', name: 'modules.jpg', file: dataUrl('image/jpeg', makeJpeg(24, 24, id)) },
      { type: 'telematics-mcu', name: 'box.jpg', file: dataUrl('image/jpeg', makeJpeg(24, 24, id + 1000)) },
    ],
  });
  const run = (await ctx.app.inject({ url: `/api/installations/${id}/systemChecks`, headers: h })).json();
  const now = new Date().toISOString();
  await ctx.app.inject({
    method: 'POST',
    url: '/api/devices/heartbeats',
    headers: { 'x-api-key': DEVICE_KEY },
    payload: (run.checks as { type: string; imei: string; controllerSerial: string | null }[]).map((c) =>
      c.type === 'mcu-heartbeat'
        ? { type: c.type, imei: c.imei, controllerSerial: c.controllerSerial, timestamp: now }
        : { type: c.type, imei: c.imei, timestamp: now },
    ),
  });
  return { h, id };
}

/** Tables a refused request may still touch: sessions, sign-in secrets, counters, idempotency keys, open streams. */
const BOOKKEEPING_TABLES = new Set(['session', 'verification', 'send_limit', 'jwks', 'account', 'idempotency_key', 'event_stream']);

/** Every row of every data table, as text: equal before and after means a request stored nothing. */
export async function dataSnapshot(c: TestContext, alsoIgnore: string[] = []): Promise<string> {
  const { listTables } = await import('../src/services/access/backup');
  const { rowsOf } = await import('../src/db/client');
  const { sql } = await import('drizzle-orm');
  const out: string[] = [];
  for (const t of await listTables(c.database.db)) {
    if (BOOKKEEPING_TABLES.has(t) || alsoIgnore.includes(t)) continue;
    out.push(JSON.stringify(rowsOf(await c.database.db.execute(sql.raw(`select * from "${t}" order by 1, 2`)))));
  }
  return out.join('\n');
}

/** Resolves once a server process just spawned answers its health check at `base`. */
export async function waitForHealth(base: string, timeout = 60_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const res = await fetch(`${base}/api/health`);
      if (!res.ok) throw new Error(`${base} is not healthy yet (${res.status})`);
    },
    { timeout, interval: 200 },
  );
}

/** The text of a PDF, as Debian's pdftotext reads it (the report tests' view of a report). */
export function pdftotext(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-')), 'report.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

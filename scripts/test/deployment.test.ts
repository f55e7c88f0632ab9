// A deployment as the README describes it: nginx with the README's configuration, TLS included, in front
// of two production processes (the compiled server, NODE_ENV=production) on a PostgreSQL cluster of its
// own. Every request through the proxy is made over HTTPS, with a throwaway certificate.
// Needs Debian's nginx, openssl and PostgreSQL binaries; skipped where they are missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTruckInput } from '@portal/domain/testing/vehicle';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
const PG_BIN = '/usr/lib/postgresql/15/bin';
// Below the ephemeral range (32768 and up), so that no outgoing connection holds one of them.
const PORTS = { postgres: 21030, a: 21031, b: 21032, nginx: 21033, nginxPlain: 21034 };
const BASE = `https://127.0.0.1:${PORTS.nginx}`;
const SECRET = 'deployment-test-secret-deployment-test-secret';
const isRoot = process.getuid?.() === 0;
// Node 22.19 and later let a process trust another certificate authority.
const available = fs.existsSync(NGINX) && fs.existsSync(OPENSSL) && fs.existsSync(path.join(PG_BIN, 'initdb')) && typeof tls.setDefaultCACertificates === 'function';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
const dataDir = path.join(dir, 'data');
const databaseUrl = `postgres://postgres@127.0.0.1:${PORTS.postgres}/portal`;

/** PostgreSQL refuses to run as root: its commands run as the postgres user then. */
function asPostgres(command: string, args: string[]) {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}
const pgCtl = (...args: string[]) => asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', path.join(dir, 'pg'), '-w', '-t', '30', ...args]);

/** `pg_ctl restart` without holding up this process's event loop (the load goes on meanwhile). */
function restartPostgres(): Promise<void> {
  const args = ['-D', path.join(dir, 'pg'), '-w', '-t', '30', '-l', path.join(dir, 'pg', 'log'), '-m', 'fast', 'restart'];
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl'), ...args]] : [path.join(PG_BIN, 'pg_ctl'), args];
  const proc = spawn(cmd, argv, { stdio: 'ignore' });
  return new Promise((resolve, reject) => proc.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart: ${code}`)))));
}

interface Server {
  proc: ChildProcess;
  exited: Promise<number | null>;
}
const servers: Record<'a' | 'b', Server | null> = { a: null, b: null };

/** What both server processes and the operator CLI run with. */
const productionEnv = () => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  AUTH_SECRET: SECRET,
  TRUST_PROXY: '127.0.0.1',
  // The demo's fleet and systems, so that new users can record installations without an operator.
  DEMO: 'true',
  SIMULATOR: 'false',
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dir, 'web'),
  // Each process looks for due weekly rollout mails four times a second.
  ROLLOUT_MAIL_INTERVAL_MS: '250',
});

function startServer(name: 'a' | 'b'): Server {
  const proc = spawn(process.execPath, ['--max-semi-space-size=4', 'apps/server/dist/server.mjs'], {
    cwd: root,
    env: { ...productionEnv(), PORT: String(PORTS[name]) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = { proc, exited: new Promise<number | null>((resolve) => proc.once('exit', resolve)) };
  servers[name] = server;
  return server;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const ready = (port: number) => waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok, 90_000, `port ${port} ready`);

let systemCertificates: string[] | null = null;
/**
 * A self-signed certificate for the proxy, valid for a day, for the name in the README and the address
 * this test reaches nginx at. This process's TLS clients (fetch) trust it from then on.
 */
function makeCertificate(): { cert: string; key: string } {
  const cert = path.join(dir, 'portal.crt');
  const key = path.join(dir, 'portal.key');
  const made = spawnSync(
    OPENSSL,
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-keyout', key, '-out', cert, '-subj', '/CN=portal.example.com', '-addext', 'subjectAltName=DNS:portal.example.com,IP:127.0.0.1'],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  systemCertificates = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...systemCertificates, fs.readFileSync(cert, 'utf8')]);
  return { cert, key };
}

/** The README's nginx configuration as written, on this test's ports and certificate. */
function nginxConfig(certificate: { cert: string; key: string }): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Behind a reverse proxy'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README has no nginx block under "Behind a reverse proxy"');
  const site = block
    .replace('127.0.0.1:3001', `127.0.0.1:${PORTS.a}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${PORTS.b}`)
    .replace(/listen 443 /, `listen 127.0.0.1:${PORTS.nginx} `)
    .replace(/listen 80;/, `listen 127.0.0.1:${PORTS.nginxPlain};`)
    .replace('/etc/ssl/portal.example.com.crt', certificate.cert)
    .replace('/etc/ssl/portal.example.com.key', certificate.key);
  const filledIn = [certificate.cert, certificate.key, `:${PORTS.nginx} ssl`, `:${PORTS.nginxPlain};`, `:${PORTS.a} `, `:${PORTS.b} `];
  if (!filledIn.every((line) => site.includes(line))) {
    throw new Error('the README\'s nginx block no longer has the listen and certificate lines this test fills in');
  }
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'nginx', name)};`;
  return [
    isRoot ? 'user root;' : '',
    'worker_processes 1;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    site,
    '}',
  ].join('\n');
}

let nginx: ChildProcess | null = null;

/** Signs in as a person does: the mail (read from the outbox), then its code. Answers the session cookie. */
async function signIn(email: string, client: string): Promise<{ send: number; signIn: number; token: string }> {
  const headers = { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': client };
  const sent = await fetch(`${BASE}/api/auth/email/send`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  if (sent.status !== 200) return { send: sent.status, signIn: 0, token: '' };
  const outbox = path.join(dataDir, 'outbox');
  const file = fs.readdirSync(outbox).filter((f) => f.includes(email) && f.endsWith('.json')).sort().at(-1)!;
  const code = /\b(\d{6})\b/.exec(JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')).text)![1];
  const res = await fetch(`${BASE}/api/auth/sign-in/email-otp`, { method: 'POST', headers, body: JSON.stringify({ email, otp: code }) });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  // The web app asks for an ID token with its session cookie and sends it as a Bearer token.
  const token = res.status === 200 ? ((await (await fetch(`${BASE}/api/auth/token`, { headers: { cookie } })).json()) as { token: string }).token : '';
  return { send: sent.status, signIn: res.status, token };
}

describe.skipIf(!available)('a deployment behind nginx, as the README describes it', () => {
  let installer: Record<string, string>;
  const ids: number[] = [];

  beforeAll(async () => {
    fs.chmodSync(dir, 0o755);
    for (const sub of ['pg', 'nginx', 'web', 'data']) fs.mkdirSync(path.join(dir, sub));
    if (isRoot) spawnSync('chown', ['postgres', path.join(dir, 'pg')]);
    asPostgres(path.join(PG_BIN, 'initdb'), ['-D', path.join(dir, 'pg'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    pgCtl('-l', path.join(dir, 'pg', 'log'), '-o', `-p ${PORTS.postgres} -k ${path.join(dir, 'pg')} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
    const admin = new pg.Client({ connectionString: databaseUrl.replace('/portal', '/postgres') });
    await admin.connect();
    await admin.query('create database portal');
    await admin.end();

    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
    startServer('a');
    startServer('b');
    await Promise.all([ready(PORTS.a), ready(PORTS.b)]);

    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(makeCertificate()));
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'nginx-error.log')};`], { stdio: 'inherit' });
    await waitFor(async () => (await fetch(`${BASE}/api/health`)).ok, 10_000, 'nginx up');

    const { token, signIn: status } = await signIn('deploy-installer@example.com', '198.51.100.1');
    expect(status).toBe(200);
    // ID tokens live 10 minutes by default: longer than this test.
    installer = { authorization: `Bearer ${token}`, origin: BASE, 'content-type': 'application/json' };
    for (let i = 1; i <= 4; i++) {
      const res = await fetch(`${BASE}/api/installations`, {
        method: 'POST',
        headers: installer,
        body: JSON.stringify({ systemSerialNumber: `SN-DEMO-000${i}`, startDate: '2026-11-20', name: `Deployment ${i}` }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
  }, 240_000);

  afterAll(async () => {
    if (systemCertificates) tls.setDefaultCACertificates(systemCertificates);
    nginx?.kill('SIGTERM');
    for (const s of Object.values(servers)) s?.proc.kill('SIGTERM');
    await Promise.all(Object.values(servers).map((s) => s?.exited));
    try {
      pgCtl('-m', 'immediate', 'stop');
    } catch {
      /* not running */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Four installers reading their installation and saving its vehicle (a POST, which nginx never sends
   * twice) over and over, until told to stop. Each counts what was acknowledged.
   */
  function load() {
    let running = true;
    const failures: string[] = [];
    const acknowledged = ids.map(() => 0);
    const workers = ids.map(async (id, w) => {
      // As the wizard does: the version to send next is the one the last answer gave.
      let version: number | null = null;
      while (running) {
        try {
          const read = await fetch(`${BASE}/api/installations/${id}`, { headers: installer, signal: AbortSignal.timeout(15_000) });
          if (read.status !== 200) {
            failures.push(`GET ${read.status} ${await read.text()}`);
            continue;
          }
          const shown = (await read.json()) as { version: number };
          version ??= shown.version;
          const saved: Response = await fetch(`${BASE}/api/installations/${id}/vehicle`, {
            method: 'POST',
            headers: installer,
            body: JSON.stringify({ version, ...createTruckInput() }),
            signal: AbortSignal.timeout(15_000),
          });
          if (saved.status === 200) {
            acknowledged[w]!++;
            version = ((await saved.json()) as { version: number }).version;
          } else {
            failures.push(`POST ${saved.status} ${await saved.text()}`);
            version = null;
          }
        } catch (error) {
          failures.push(`network: ${(error as Error).message}`);
          version = null;
        }
      }
    });
    return {
      failures,
      acknowledged,
      async stop() {
        running = false;
        await Promise.all(workers);
      },
    };
  }

  const versions = async () =>
    Promise.all(ids.map(async (id) => ((await (await fetch(`${BASE}/api/installations/${id}`, { headers: installer })).json()) as { version: number }).version));

  it('rolling restarts under load: no request fails and every acknowledged write is kept', async () => {
    const before = await versions();
    const traffic = load();
    await new Promise((r) => setTimeout(r, 1000));
    for (const round of [1]) {
      for (const name of ['a', 'b'] as const) {
        const server = servers[name]!;
        server.proc.kill('SIGTERM');
        expect(await server.exited, `exit code of ${name} in round ${round}`).toBe(0);
        startServer(name);
        await ready(PORTS[name]);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await traffic.stop();
    expect(traffic.failures).toEqual([]);
    const after = await versions();
    // Every acknowledged save moved its installation's version by one: none lost, none applied twice.
    expect(after.map((v, i) => v - before[i]!)).toEqual(traffic.acknowledged);
    expect(traffic.acknowledged.reduce((a, b) => a + b, 0)).toBeGreaterThan(40);
  }, 300_000);

  it('a database restart under load, five times: both processes stay up and answer again within 2 s', async () => {
    const traffic = load();
    for (let i = 0; i < 5; i++) {
      await restartPostgres();
      const back = Date.now();
      for (const port of [PORTS.a, PORTS.b]) {
        await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/installations/${ids[0]}`, { headers: installer })).status === 200, 2000, `port ${port} answering after restart ${i + 1}`);
      }
      expect(Date.now() - back).toBeLessThanOrEqual(2000);
      expect(servers.a!.proc.exitCode).toBeNull();
      expect(servers.b!.proc.exitCode).toBeNull();
    }
    await traffic.stop();
    // While the database was down requests answered 503 with Retry-After, nothing worse.
    expect(traffic.failures.filter((f) => !/^(GET|POST) 503 /.test(f))).toEqual([]);
  }, 120_000);

  it('the proxy speaks HTTPS only: plain HTTP is sent to https, and the portal asks browsers to stay there (HSTS)', async () => {
    const plain = await fetch(`http://127.0.0.1:${PORTS.nginxPlain}/fleet?tab=rollout`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/fleet?tab=rollout');
    const secure = await fetch(`${BASE}/api/health`);
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('forty sign-ins from forty forwarded client addresses are all accepted', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`depot-${i}@example.com`, `203.0.113.${i + 1}`)));
    expect(results.map((r) => [r.send, r.signIn])).toEqual(results.map(() => [200, 200]));
  }, 60_000);

  it('a 25 MB document through the proxy is stored: 201', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n');
    const file = Buffer.concat([pdf, Buffer.alloc(25 * 1024 * 1024 - pdf.length - 6, '% pad\n'), Buffer.from('%%EOF\n')]);
    const res = await fetch(`${BASE}/api/installations/${ids[1]}/uploads`, {
      method: 'POST',
      headers: installer,
      body: JSON.stringify([{ type: 'other', name: 'commissioning.pdf', file: `data:application/pdf;base64,${file.toString('base64')}` }]),
    });
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(201);
  }, 60_000);
  it('a fleet admin imports a registry CSV and exports the installations as CSV and Excel: the compiled server reads and writes them in its worker', async () => {
    const email = 'deploy-registry@example.com';
    const operator = spawnSync(process.execPath, ['apps/server/dist/admin.mjs', 'grant', email, '--fleet', 'sono', '--role', 'admin'], { cwd: root, env: productionEnv(), encoding: 'utf8' });
    expect(operator.status, operator.stderr).toBe(0);
    const { token } = await signIn(email, '198.51.100.251');
    const admin = { authorization: `Bearer ${token}`, origin: BASE };
    const csv = [
      'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid',
      'SN-DEPLOY-1,8,SBS-M 2.1,960,CC-DEPLOY-1-A,HV,HW 3.2,1.8.3,TCU-4G v3,356938035643817,8949226000000009017',
    ].join('\n');
    const imported = await fetch(`${BASE}/api/admin/sono/systems/import`, { method: 'POST', headers: { ...admin, 'content-type': 'text/csv' }, body: csv });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const created = await fetch(`${BASE}/api/installations`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ systemSerialNumber: 'SN-DEPLOY-1', startDate: '2026-11-20', name: 'Deployment registry' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const exported = await fetch(`${BASE}/api/installations/export.csv?fleet=sono`, { headers: admin });
    expect(exported.status, (await exported.clone().text()).slice(0, 300)).toBe(200);
    expect(await exported.text()).toContain('SN-DEPLOY-1');
    const workbook = await fetch(`${BASE}/api/installations/export.xlsx?fleet=sono`, { headers: admin });
    expect(workbook.status).toBe(200);
    // An XLSX file is a ZIP archive.
    expect(Buffer.from(await workbook.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  }, 60_000);

  it('two processes send a due weekly rollout mail once', async () => {
    const email = 'deploy-admin@example.com';
    const operator = spawnSync(process.execPath, ['apps/server/dist/admin.mjs', 'grant', email, '--fleet', 'sono', '--role', 'admin'], { cwd: root, env: productionEnv(), encoding: 'utf8' });
    expect(operator.status, operator.stderr).toBe(0);
    const { token } = await signIn(email, '198.51.100.250');
    const subscribed = await fetch(`${BASE}/api/fleets/sono/rollout/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, origin: BASE, 'content-type': 'application/json' },
      body: JSON.stringify({ weeklyMail: true, locale: 'en' }),
    });
    expect(subscribed.status, await subscribed.clone().text()).toBe(200);
    // Due now instead of next Monday: both processes look for it four times a second.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('update rollout_subscription set next_send_at = now()');
    await db.end();
    const outbox = path.join(dataDir, 'outbox');
    const rolloutMails = () =>
      fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { to: string; subject: string })
        .filter((m) => m.to === email && m.subject.startsWith('Weekly rollout of'));
    await waitFor(async () => rolloutMails().length > 0, 10_000, 'the weekly mail');
    // Both processes have had a dozen more chances to send it again.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(rolloutMails()).toHaveLength(1);
  });
});

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { createTestApp, ORIGIN, type TestContext } from './helper';

type Mode = 'deliver' | 'silent' | 'refuse';

/** A real SMTP server on loopback whose behaviour the test switches. */
async function startSmtp() {
  const state = { mode: 'deliver' as Mode, received: [] as { to: string[]; raw: string }[] };
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      // "silent": the connection is accepted and the greeting never comes.
      if (state.mode === 'silent') held.push(() => callback());
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (state.mode === 'refuse') {
        callback(Object.assign(new Error(`<${address.address}>: no such user here`), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        state.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    async close() {
      held.forEach((release) => release());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function logCollector() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream, text: () => text };
}

const send = (c: TestContext, email: string, language?: 'en' | 'de') =>
  c.app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email, ...(language ? { language } : {}) }, headers: ORIGIN });

/** The 6-digit code and the sign-in link of a raw (quoted-printable) mail. */
function secretsOf(raw: string) {
  const plain = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return { code: /\b(\d{6})\b/.exec(plain)?.[1], link: /https?:\/\/[^\s"<]+token=[^\s"<&]+/.exec(plain)?.[0] };
}

describe('sign-in mail over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let c: TestContext;
  const log = logCollector();

  beforeAll(async () => {
    smtp = await startSmtp();
    c = await createTestApp({
      realMailer: true,
      logStream: log.stream,
      env: { SMTP_URL: smtp.url, MAIL_TIMEOUT_MS: '1500', SEND_LIMIT_PER_EMAIL: '2' },
    });
  });
  afterAll(async () => {
    await c?.close();
    await smtp?.close();
  });

  it('delivers the code and the link in the asked language, with lang on the HTML, and the log never holds them', async () => {
    smtp.state.mode = 'deliver';
    expect((await send(c, 'anna@example.com', 'de')).statusCode).toBe(200);
    const mail = smtp.state.received.at(-1)!;
    expect(mail.to).toEqual(['anna@example.com']);
    expect(mail.raw).toMatch(/lang=(3D)?"de"/);
    expect(mail.raw).toMatch(/Anmeldecode/);
    const { code, link } = secretsOf(mail.raw);
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;
    expect(log.text()).not.toContain(code!);
    expect(log.text()).not.toContain(token);
  });

  it('a server that accepts the connection and never answers gets the 503 envelope, and does not use up the address', async () => {
    smtp.state.mode = 'silent';
    // More failed sends than the per-address limit allows: none of them may count.
    for (let i = 0; i < 3; i++) {
      const res = await send(c, 'outage@example.com');
      expect(res.statusCode).toBe(503);
      expect(ErrorEnvelopeSchema.parse(res.json())).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
    smtp.state.mode = 'deliver';
    expect((await send(c, 'outage@example.com')).statusCode).toBe(200);
    expect(smtp.state.received.at(-1)!.to).toEqual(['outage@example.com']);
  });

  it("a permanent refusal says the address can't receive mail", async () => {
    smtp.state.mode = 'refuse';
    const res = await send(c, 'nobody@example.com');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'EMAIL_UNDELIVERABLE', message: expect.stringMatching(/can't receive mail/) });
  });
});

describe('production without SMTP_URL', () => {
  it('warns that mails go to the outbox and reach nobody, warns about the default sender, and logs no code', async () => {
    const log = logCollector();
    const c = await createTestApp({
      realMailer: true,
      logStream: log.stream,
      env: { NODE_ENV: 'production', DEMO: 'false', AUTH_SECRET: 'prod-secret-prod-secret-prod-secret-0123456' },
    });
    try {
      const warnings = log
        .text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .filter((l) => l.level === 40)
        .map((l) => l.msg);
      expect(warnings.some((m) => /SMTP_URL is not set: mails are written to .*outbox and reach nobody/.test(m))).toBe(true);
      expect(warnings.some((m) => /MAIL_FROM is left at/.test(m))).toBe(true);

      expect((await send(c, 'prod@example.com')).statusCode).toBe(200);
      const outbox = path.join(c.dataDir, 'outbox');
      const [file] = fs.readdirSync(outbox);
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, file!), 'utf8')) as { text: string };
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
      expect(log.text()).toContain(file);
      expect(log.text()).not.toContain(code);
      expect(log.text()).not.toContain(token);
    } finally {
      await c.close();
    }
  });
});

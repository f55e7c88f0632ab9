import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { session, user } from '../src/db/schema';
import { lastSignInMail, ORIGIN, useTestApp } from './helper';

// Per-code attempts (5) stay above these so that only the address and IP limits are at work.
const ctx = useTestApp({ env: { CODE_GUESS_LIMIT_PER_EMAIL: '4', CODE_GUESS_LIMIT_PER_IP: '6', SEND_LIMIT_PER_EMAIL: '20' } });

const send = async (email: string, ip = '198.51.100.1') => {
  const c = await ctx();
  const res = await c.app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email }, headers: ORIGIN, remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  return lastSignInMail(c.mails, email);
};
const guess = async (email: string, otp: string, ip: string) =>
  (await ctx()).app.inject({ method: 'POST', url: '/api/auth/sign-in/email-otp', payload: { email, otp }, headers: ORIGIN, remoteAddress: ip });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function sessionsOf(email: string) {
  const { database } = await ctx();
  const [u] = await database.db.select().from(user).where(eq(user.email, email));
  return u ? (await database.db.select().from(session).where(eq(session.userId, u.id))).length : 0;
}

const lockout = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(429);
  return ErrorEnvelopeSchema.parse(res.json());
};

describe('code guesses per address', () => {
  it('locks the address after the limit, and a new mail does not reset it', async () => {
    const email = 'guessed@example.com';
    const first = await send(email);
    for (let i = 0; i < 3; i++) expect((await guess(email, wrongFor(first.code), `203.0.113.${i}`)).json()).toMatchObject({ code: 'INVALID_CODE' });
    // A new mail: its code is new, the count of wrong guesses for the address is not.
    const second = await send(email);
    expect((await guess(email, wrongFor(second.code), '203.0.113.10')).json()).toMatchObject({ code: 'INVALID_CODE' });
    const third = await send(email);
    const right = lockout(await guess(email, third.code, '203.0.113.11'));
    const wrong = lockout(await guess(email, wrongFor(third.code), '203.0.113.12'));
    const upper = lockout(await guess(email.toUpperCase(), third.code, '203.0.113.13'));
    // Right or wrong, the answer is the same envelope: it tells nothing about the code.
    expect(right).toEqual({ status: 429, code: 'RATE_LIMITED', message: expect.any(String) });
    expect(wrong).toEqual(right);
    expect(upper).toEqual(right);
    expect(await sessionsOf(email)).toBe(0);
    expect(await (await ctx()).database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it('while the address is locked its link still signs in, and other addresses are not affected', async () => {
    const email = 'locked-link@example.com';
    const mail = await send(email);
    for (let i = 0; i < 4; i++) await guess(email, wrongFor(mail.code), `203.0.114.${i}`);
    lockout(await guess(email, mail.code, '203.0.114.9'));
    const url = new URL(mail.link);
    const res = await (await ctx()).app.inject({ url: url.pathname + url.search });
    expect(res.headers.location).toBe('http://localhost:3000/#/login/callback');
    expect(await sessionsOf(email)).toBe(1);

    const neighbour = 'neighbour@example.com';
    const theirs = await send(neighbour);
    expect((await guess(neighbour, theirs.code, '203.0.114.9')).statusCode).toBe(200);
  });

  it('right codes do not count as guesses', async () => {
    const email = 'regular@example.com';
    for (let i = 0; i < 8; i++) {
      const { code } = await send(email);
      expect((await guess(email, code, '203.0.115.1')).statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });
});

describe('code guesses per client IP', () => {
  it('refuses the wrong codes of an IP that guesses across addresses, with the same envelope, but signs in a right code from it', async () => {
    const ip = '192.0.2.66';
    const victims = ['ip-a@example.com', 'ip-b@example.com', 'ip-c@example.com'];
    for (const email of victims) {
      const { code } = await send(email);
      for (let i = 0; i < 2; i++) expect((await guess(email, wrongFor(code), ip)).json()).toMatchObject({ code: 'INVALID_CODE' });
    }
    const fresh = 'ip-fresh@example.com';
    const { code } = await send(fresh);
    const wrong = lockout(await guess(fresh, wrongFor(code), ip));
    const unknown = lockout(await guess('nobody@example.com', '123456', ip));
    expect(unknown).toEqual(wrong);
    expect(await sessionsOf(fresh)).toBe(0);
    // The installer beside the guesser, behind the same NAT, types the right code.
    expect((await guess(fresh, code, ip)).statusCode).toBe(200);
    expect(await sessionsOf(fresh)).toBe(1);
  });

  it('counts an IPv6 /64 as one client: fresh addresses from it get no fresh budget', async () => {
    const net = '2001:db8:77:1';
    for (let i = 0; i < 6; i++) {
      const email = `v6-${i}@example.com`;
      const { code } = await send(email, `${net}::${i + 1}`);
      expect((await guess(email, wrongFor(code), `${net}::${100 + i}`)).json()).toMatchObject({ code: 'INVALID_CODE' });
    }
    const { code } = await send('v6-last@example.com', `${net}::200`);
    lockout(await guess('v6-last@example.com', wrongFor(code), `${net}:aaaa:bbbb:cccc:dddd`));
    expect((await guess('v6-last@example.com', wrongFor(code), '2001:db8:77:2::1')).json()).toMatchObject({ code: 'INVALID_CODE' });
  });
});

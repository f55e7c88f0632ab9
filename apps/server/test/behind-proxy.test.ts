import { describe, expect, it } from 'vitest';
import { lastSignInMail, ORIGIN, useTestApp } from './helper';

/** The portal as the README's nginx configuration runs it: one trusted proxy on the same host. */
const ctx = useTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
const PROXY = '127.0.0.1';

const viaProxy = (client: string) => ({ ...ORIGIN, 'x-forwarded-for': client });
const send = async (email: string, client: string) =>
  (await ctx()).app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email }, headers: viaProxy(client), remoteAddress: PROXY });
const signIn = async (email: string, otp: string, client: string) =>
  (await ctx()).app.inject({ method: 'POST', url: '/api/auth/sign-in/email-otp', payload: { email, otp }, headers: viaProxy(client), remoteAddress: PROXY });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('behind a reverse proxy (TRUST_PROXY=127.0.0.1, default limits)', () => {
  it('forty installers behind one depot NAT all get their mail and sign in, after thirty wrong codes from the same NAT', async () => {
    const c = await ctx();
    const depot = '203.0.113.40';
    const { code } = await (async () => {
      expect((await send('typo@example.com', depot)).statusCode).toBe(200);
      return lastSignInMail(c.mails, 'typo@example.com');
    })();
    // Someone at the depot (or someone guessing) types wrong codes for thirty other addresses.
    for (let i = 0; i < 30; i++) await signIn(`guess-${i}@example.com`, wrongFor(code), depot);

    const installers = Array.from({ length: 40 }, (_, i) => `depot-${i}@example.com`);
    const sent = await Promise.all(installers.map((email) => send(email, depot)));
    expect(sent.map((r) => r.statusCode)).toEqual(installers.map(() => 200));
    const signedIn = await Promise.all(installers.map((email) => signIn(email, lastSignInMail(c.mails, email).code, depot)));
    expect(signedIn.map((r) => r.statusCode)).toEqual(installers.map(() => 200));
  });

  it("limits count the client's own forwarded address, not the proxy's", async () => {
    const c = await ctx();
    const limit = c.app.env.sendLimit.perIp;
    const noisy = '198.51.100.99';
    for (let i = 0; i <= limit; i++) await send(`noisy-${i % 40}@example.com`, noisy);
    expect((await send('noisy-last@example.com', noisy)).statusCode).toBe(429);
    expect((await send('quiet@example.com', '198.51.100.100')).statusCode).toBe(200);
    // A header forged by a client that reaches the portal without the proxy is not believed: its own address counts.
    const direct = await c.app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email: 'forged@example.com' }, headers: viaProxy('198.51.100.101'), remoteAddress: noisy });
    expect(direct.statusCode).toBe(429);
  });
});

import { describe, expect, it } from 'vitest';
import { ORIGIN, useTestApp } from './helper';

const ctx = useTestApp({ env: { SEND_LIMIT_PER_EMAIL: '3', SEND_LIMIT_PER_IP: '5' } });

const send = async (email: string, ip: string) => {
  const { app } = await ctx();
  return app.inject({ method: 'POST', url: '/api/auth/email/send', payload: { email }, headers: ORIGIN, remoteAddress: ip });
};

describe('sign-in mail rate limits', () => {
  it('limits mails per address', async () => {
    for (let i = 0; i < 3; i++) expect((await send('limited@example.com', `10.0.0.${i + 1}`)).statusCode).toBe(200);
    const res = await send('LIMITED@example.com', '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const { mails } = await ctx();
    expect(mails.filter((m) => m.to === 'limited@example.com')).toHaveLength(3);
  });

  it('limits mails per IP across addresses', async () => {
    for (let i = 0; i < 5; i++) expect((await send(`ip${i}@example.com`, '192.0.2.7')).statusCode).toBe(200);
    const res = await send('ip-last@example.com', '192.0.2.7');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await send('ip-last@example.com', '192.0.2.8')).statusCode).toBe(200);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, PUBLIC_URL, type TestContext } from './helper';
import { IDP_CLIENT, startIdentityProvider } from './identity-provider';

const IDP_PORT = 39_000 + (process.pid % 1000);

describe('company sign-in (OpenID Connect) against a real provider', () => {
  let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
  let c: TestContext;

  /** Asks where to send the browser for the provider's sign-in page. */
  const signInSocial = (provider: string) =>
    c.app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider, callbackURL: '/#/login/callback' }, headers: ORIGIN });

  beforeAll(async () => {
    idp = await startIdentityProvider(IDP_PORT, `${PUBLIC_URL}/api/auth/callback/oidc`);
    c = await createTestApp({
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: IDP_CLIENT.clientId,
        OIDC_CLIENT_SECRET: IDP_CLIENT.clientSecret,
        OIDC_LABEL: 'ACME SSO',
        MICROSOFT_CLIENT_ID: 'ms-client',
        MICROSOFT_CLIENT_SECRET: 'ms-secret',
        MICROSOFT_TENANT_ID: '0b3c8a4e-1f2d-4c5b-9a7e-6d8f0e1a2b3c',
      },
    });
  });
  afterAll(async () => {
    await c?.close();
    await idp?.close();
  });

  it("offers the provider under the operator's label", async () => {
    const res = await c.app.inject({ url: '/config.auth.json' });
    expect(res.json()).toMatchObject({ oidc: { label: 'ACME SSO' }, microsoft: { clientId: 'ms-client' } });
  });

  it("sends the browser to the provider's authorization endpoint from discovery, with state and PKCE", async () => {
    const res = await signInSocial('oidc');
    expect(res.statusCode).toBe(200);
    const url = new URL((res.json() as { url: string }).url);
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };
    expect(`${url.origin}${url.pathname}`).toBe(discovery.authorization_endpoint);
    expect(url.searchParams.get('client_id')).toBe(IDP_CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback/oidc`);
    expect(url.searchParams.get('state')).toMatch(/.{16,}/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    // The provider accepts that request: it answers with its login interaction, not an error.
    const authorize = await fetch(url, { redirect: 'manual' });
    expect(authorize.status).toBe(303);
    expect(authorize.headers.get('location')).toMatch(/^\/interaction\//);
  });

  it('limits Microsoft sign-in to the configured tenant', async () => {
    const res = await signInSocial('microsoft');
    const url = new URL((res.json() as { url: string }).url);
    expect(url.pathname).toMatch(/^\/0b3c8a4e-1f2d-4c5b-9a7e-6d8f0e1a2b3c\/oauth2\/v2\.0\/authorize$/);
  });
});

describe('company sign-in whose provider does not answer discovery', () => {
  it('is not offered while discovery fails, says why in the log, and appears once a retry succeeds', async () => {
    let answer = '<html>Wrong issuer</html>';
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(answer));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const log: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    const c = await createTestApp({
      env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret', OIDC_DISCOVERY_RETRY_MS: '200' },
      logStream,
    });
    try {
      expect((await c.app.inject({ url: '/config.auth.json' })).json()).toMatchObject({ oidc: null });
      const started = await c.app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'oidc', callbackURL: '/#/login/callback' }, headers: ORIGIN });
      expect(started.statusCode).toBe(503);
      expect(started.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(log.join('')).toContain(`the discovery at ${issuer}/.well-known/openid-configuration failed, the answer is not JSON`);

      answer = JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
      await expect.poll(async () => (await c.app.inject({ url: '/config.auth.json' })).json().oidc, { timeout: 5_000 }).toEqual({ label: 'Company sign-in' });
    } finally {
      await c.close();
      server.close();
    }
  });
});

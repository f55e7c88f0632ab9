import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export const IDP_CLIENT = { clientId: 'installer-portal', clientSecret: 'idp-client-secret-0123456789abcdef' };

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, as a company's Keycloak or Entra ID
 * would be: discovery, authorization with PKCE, login and consent pages, token exchange, ID tokens.
 * Whoever signs in with a login name gets that name as their verified email address.
 */
export async function startIdentityProvider(port: number, redirectUri: string) {
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP_CLIENT.clientId,
        client_secret: IDP_CLIENT.clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true, name: 'Olivia Company' }),
    }),
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ['identity-provider-cookie-key-0123'] },
    features: { devInteractions: { enabled: true } },
  });
  // The dev login and consent pages are plain forms; quiet the provider's console warnings about them.
  provider.on('server_error', () => {});
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, () => resolve(s));
  });
  return {
    issuer,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SignedInUser } from '../auth/id-token';
import { createIdTokenVerifier } from '../auth/id-token';
import { AppError } from '../errors';
import { FleetScope, NO_FLEETS } from '../services/fleet-scope';

declare module 'fastify' {
  interface FastifyRequest {
    signedIn: SignedInUser | null;
    /** The fleets of the signed-in user, set by the auth hook; none before sign-in. */
    fleets: FleetScope;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user (sign-in, health, device ingest). */
    public?: boolean;
  }
}

/** The signed-in user of a request that passed the auth hook. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.signedIn) throw new AppError('UNAUTHORIZED', 'Sign-in required');
  return request.signedIn;
}

/** Every /api call must carry `Authorization: Bearer <ID token>` unless its route is public. */
export const requestAuthPlugin = fp(async (app: FastifyInstance) => {
  const verify = createIdTokenVerifier(app.db, app.env.publicUrl);
  app.decorateRequest('signedIn', null);
  app.decorateRequest<FleetScope | null>('fleets', null);
  app.addHook('onRequest', async (request) => {
    request.fleets = NO_FLEETS;
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    // Docs and the sign-in endpoints are public; unknown sign-in paths fall through to 404.
    if (request.url.startsWith('/api/docs') || request.url.startsWith('/api/auth/')) return;
    if (request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i);
    if (!match) throw new AppError('UNAUTHORIZED', 'Sign-in required');
    const signedIn = await verify(match[1]!);
    if (!signedIn) throw new AppError('UNAUTHORIZED', 'The sign-in has expired or is not valid');
    request.signedIn = signedIn;
    request.fleets = new FleetScope(signedIn.fleets);
  });
});

import type { Socket } from 'node:net';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { IdTokenClaims, SignedInUser, VerifiedClaims } from '../auth/id-token';
import { createSessionReader, createTokenVerifier, sessionUserQuery, signedInUserOf } from '../auth/id-token';
import { AppError } from '../errors';
import { FleetScope, NO_FLEETS } from '../services/access/fleet-scope';

declare module 'fastify' {
  interface FastifyRequest {
    signedIn: SignedInUser | null;
    /** The fleets of the signed-in user, set by the auth hook; none before sign-in. */
    fleets: FleetScope;
    /** The verified claims of the request's ID token (set before the handler on every non-public route). */
    idToken: IdTokenClaims | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user (sign-in, health, device ingest). */
    public?: boolean;
    /**
     * Hot read routes whose own query checks the session and the fleet scope together with the
     * data, in one round trip (`sessionExpired()` when it finds no live session): the hook only
     * verifies the token, and `request.signedIn` stays null.
     */
    sessionInQuery?: boolean;
  }
}

/** The options of a route that answers without a signed-in user: its schema, marked public for the auth hook. */
export const publicRoute = <S extends FastifySchema>(schema: S) => ({ config: { public: true }, schema });

/** The signed-in user of a request that passed the auth hook. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.signedIn) throw new AppError('UNAUTHORIZED', 'Sign-in required');
  return request.signedIn;
}

/** The verified token of a `sessionInQuery` route. */
export function currentToken(request: FastifyRequest): IdTokenClaims {
  if (!request.idToken) throw new AppError('UNAUTHORIZED', 'Sign-in required');
  return request.idToken;
}

/** What a request whose token verifies but whose session has ended gets. */
export const sessionExpired = () => new AppError('UNAUTHORIZED', 'The sign-in has expired or is not valid');

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i;

/** Every /api call must carry `Authorization: Bearer <ID token>` unless its route is public. */
export const requestAuthPlugin = fp(async (app: FastifyInstance) => {
  const claimsOf = createTokenVerifier(app.db, app.env.publicUrl);
  const sessionUser = sessionUserQuery(app.db);
  const cachedSessionUser = createSessionReader(app.db, app.readCache);
  app.decorateRequest('signedIn', null);
  app.decorateRequest<FleetScope | null>('fleets', null);
  app.decorateRequest('idToken', null);
  /**
   * The Authorization header of a connection's last request with its verified claims. A client sends
   * the same token request after request on one connection: comparing the header costs less than
   * matching it and looking a long token up among all verified ones.
   */
  const lastTokenOn = new WeakMap<Socket, { header: string; claims: VerifiedClaims }>();
  /** The claims of the request's token if this process has verified it before and it has not expired. */
  function knownToken(request: FastifyRequest): IdTokenClaims | undefined {
    const header = request.headers.authorization;
    if (header === undefined) return undefined;
    const socket = request.raw.socket;
    const last = lastTokenOn.get(socket);
    if (last?.header === header && last.claims.expiresAtMs > Date.now()) return last.claims;
    const token = header.match(BEARER)?.[1];
    const claims = token === undefined ? undefined : claimsOf.known(token);
    if (claims) lastTokenOn.set(socket, { header, claims });
    return claims;
  }
  /** The claims of the request's Bearer token, its signature checked; throws when it is no sign-in. */
  async function verifiedClaims(request: FastifyRequest): Promise<IdTokenClaims> {
    const match = request.headers.authorization?.match(BEARER);
    if (!match) throw new AppError('UNAUTHORIZED', 'Sign-in required');
    const claims = await claimsOf(match[1]!);
    if (!claims) throw sessionExpired();
    return claims;
  }
  /**
   * Checks the request's Bearer token (`known`: its claims if verified before) and, unless its route's
   * own query does, its session; throws when it is no sign-in.
   */
  async function signIn(request: FastifyRequest, config: FastifyContextConfig | undefined, known: IdTokenClaims | undefined) {
    const claims = known ?? (await verifiedClaims(request));
    request.idToken = claims;
    if (config?.sessionInQuery) return;
    // Reads may use the session as the read cache keeps it; writes check it in the database.
    const signedIn =
      request.method === 'GET' || request.method === 'HEAD'
        ? await cachedSessionUser(claims)
        : signedInUserOf(claims, await sessionUser.execute({ sid: claims.sid, sub: claims.sub }));
    if (!signedIn) throw sessionExpired();
    request.signedIn = signedIn;
    request.fleets = new FleetScope(signedIn.fleets);
  }
  // A callback, not an async function: a hot read with a token verified before has nothing to wait
  // for. Everything else, refusals included, is answered a tick later as before (the HTTP parser's
  // own refusal of a malformed body comes first).
  app.addHook('onRequest', (request, _reply, done) => {
    request.fleets = NO_FLEETS;
    const { url } = request;
    if (!url.startsWith('/api/') && url !== '/api') return done();
    // Docs and the sign-in endpoints are public; unknown sign-in paths fall through to 404.
    if (url.startsWith('/api/docs') || url.startsWith('/api/auth/')) return done();
    const config = request.routeOptions.config;
    if (config?.public) return done();
    const known = knownToken(request);
    // The route's own query checks the session: a token whose signature this process has verified
    // already needs nothing more here.
    if (known && config?.sessionInQuery) {
      request.idToken = known;
      return done();
    }
    signIn(request, config, known).then(() => done(), done);
  });
});

import { and, eq, gt, sql } from 'drizzle-orm';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/client';
import type { ReadCache } from '../services/read-cache';
import { fleet, fleetMember, jwks, session, user } from '../db/schema';

export interface SignedInUser {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  companyId: number | null;
  /** The portal operator manages fleets and installer companies, but opens only fleets they are a member of. */
  isOperator: boolean;
  /** The fleets the user is a member of, read with the session. */
  fleets: { id: number; slug: string; role: 'installer' | 'admin' }[];
}

/** What a verified ID token says: whose it is and which session it belongs to. */
export interface IdTokenClaims {
  sub: string;
  sid: string;
}

/** Claims whose signature this process has checked, with the token's expiry. */
export type VerifiedClaims = IdTokenClaims & { expiresAtMs: number };

const ALGORITHMS = ['EdDSA', 'ES256', 'ES512', 'RS256', 'PS256'];
/** Verified tokens remembered per process; a browser sends the same token for its whole lifetime. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The live session's user with their fleets, by session id and user id: one prepared statement. */
export const sessionUserQuery = (db: Db) =>
  db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      companyId: user.companyId,
      isOperator: user.isOperator,
      expiresAt: session.expiresAt,
      fleets: sql<SignedInUser['fleets'] | null>`(
        select json_agg(json_build_object('id', f.id, 'slug', f.slug, 'role', m.role) order by f.id)
        from ${fleetMember} m join ${fleet} f on f.id = m.fleet_id where m.user_id = ${user.id})`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sql.placeholder('sid')), eq(session.userId, sql.placeholder('sub')), gt(session.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user');

/**
 * Verifies Bearer ID tokens against the public keys in the database. A token's signature is
 * checked once per process and remembered until the token expires; whether its session is still
 * alive is the database's to say on every request (`createIdTokenVerifier`, or a route's own query).
 */
export function createTokenVerifier(db: Db, issuer: string) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  const verified = new Map<string, VerifiedClaims>();

  async function loadKeys() {
    const rows = await db.select({ id: jwks.id, publicKey: jwks.publicKey, alg: jwks.alg }).from(jwks);
    const keys: JWK[] = rows.map((r) => ({ ...(JSON.parse(r.publicKey) as JWK), kid: r.id, ...(r.alg ? { alg: r.alg } : {}) }));
    keySet = createLocalJWKSet({ keys });
  }

  async function verifySignature(token: string) {
    if (!keySet) await loadKeys();
    try {
      return await jwtVerify(token, keySet!, { issuer, audience: issuer, algorithms: ALGORITHMS });
    } catch (error) {
      // A key minted by another process after we cached ours: reload once.
      if (error instanceof joseErrors.JWKSNoMatchingKey) {
        await loadKeys();
        return await jwtVerify(token, keySet!, { issuer, audience: issuer, algorithms: ALGORITHMS });
      }
      throw error;
    }
  }

  /** The claims of a token this process has verified already and that has not expired; undefined otherwise. */
  function knownClaims(token: string): VerifiedClaims | undefined {
    const known = verified.get(token);
    if (!known) return undefined;
    if (known.expiresAtMs > Date.now()) return known;
    verified.delete(token);
    return undefined;
  }

  async function claimsOf(token: string): Promise<IdTokenClaims | null> {
    const known = knownClaims(token);
    if (known) return known;
    let payload;
    try {
      ({ payload } = await verifySignature(token));
    } catch (error) {
      // A token that does not verify is no sign-in; keys that could not be read (database away) are an outage.
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims = { sub: payload.sub, sid: payload.sid };
    // Tokens without an expiry are verified every time; the map is emptied when full (simple and bounded).
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
      verified.set(token, { ...claims, expiresAtMs: payload.exp * 1000 });
    }
    return claims;
  }

  return Object.assign(claimsOf, { known: knownClaims });
}

type SessionUserRow = Omit<SignedInUser, 'sessionId' | 'fleets'> & { fleets: SignedInUser['fleets'] | null; expiresAt?: Date };

/** The signed-in user of verified claims and the rows of `sessionUserQuery`: null once the session has ended. */
export function signedInUserOf(claims: IdTokenClaims, rows: SessionUserRow[]): SignedInUser | null {
  const [row] = rows;
  if (!row) return null;
  const { userId, email, name, companyId, isOperator } = row;
  return { userId, sessionId: claims.sid, email, name, companyId, isOperator, fleets: row.fleets ?? [] };
}

/**
 * The signed-in user of verified claims, kept by the read cache while the session and its
 * memberships are unchanged (and until it expires): null once the session has ended.
 */
export function createSessionReader(db: Db, cache: ReadCache) {
  const query = sessionUserQuery(db);
  return (claims: IdTokenClaims): Promise<SignedInUser | null> =>
    cache.session(claims.sid, claims.sub, async () => {
      const rows = await query.execute({ sid: claims.sid, sub: claims.sub });
      const signedIn = signedInUserOf(claims, rows);
      return signedIn && { value: signedIn, expiresAtMs: rows[0]!.expiresAt.getTime() };
    });
}

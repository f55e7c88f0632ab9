import { and, eq, gt, sql } from 'drizzle-orm';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/client';
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

const ALGORITHMS = ['EdDSA', 'ES256', 'ES512', 'RS256', 'PS256'];

/**
 * Verifies Bearer ID tokens against the public keys in the database, then checks that the
 * session behind the token is still alive, so a token dies with its session (logout).
 */
export function createIdTokenVerifier(db: Db, issuer: string) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;

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

  return async function verify(token: string): Promise<SignedInUser | null> {
    let payload;
    try {
      ({ payload } = await verifySignature(token));
    } catch (error) {
      // A token that does not verify is no sign-in; keys that could not be read (database away) are an outage.
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    // One round trip: the live session, its user and the user's fleets.
    const [row] = await db
      .select({
        userId: user.id,
        email: user.email,
        name: user.name,
        companyId: user.companyId,
        isOperator: user.isOperator,
        fleets: sql<SignedInUser['fleets'] | null>`(
          select json_agg(json_build_object('id', f.id, 'slug', f.slug, 'role', m.role) order by f.id)
          from ${fleetMember} m join ${fleet} f on f.id = m.fleet_id where m.user_id = ${user.id})`,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(and(eq(session.id, payload.sid), eq(session.userId, payload.sub), gt(session.expiresAt, new Date())))
      .limit(1);
    if (!row) return null;
    return { ...row, fleets: row.fleets ?? [], sessionId: payload.sid };
  };
}

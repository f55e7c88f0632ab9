import { inArray } from 'drizzle-orm';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Db } from '../db/client';
import { jwks, session } from '../db/schema';

/** The ids of the token signing keys that this secret cannot decrypt (made under another AUTH_SECRET). */
export async function unreadableSigningKeys(db: Db, secret: string): Promise<string[]> {
  const keys = await db.select({ id: jwks.id, privateKey: jwks.privateKey }).from(jwks);
  const unreadable: string[] = [];
  for (const key of keys) {
    try {
      await symmetricDecrypt({ key: secret, data: JSON.parse(key.privateKey) as string });
    } catch {
      unreadable.push(key.id);
    }
  }
  return unreadable;
}

export const SIGNING_KEY_MISMATCH =
  'AUTH_SECRET is not the secret that encrypted the token signing keys in this database (was it restored from a backup made ' +
  'with another AUTH_SECRET?). Start with the AUTH_SECRET that was in use when the backup was made, or run ' +
  '`npm run admin -- rotate-keys` to drop the old keys and sign everyone out.';

/**
 * Drops the signing keys another secret made; the next sign-in mints a new one. Sessions go too:
 * their cookies were signed with the old secret and can no longer be checked.
 */
export async function rotateSigningKeys(db: Db, secret: string): Promise<{ keys: number; sessions: number }> {
  const unreadable = await unreadableSigningKeys(db, secret);
  if (unreadable.length === 0) return { keys: 0, sessions: 0 };
  return db.transaction(async (tx) => {
    await tx.delete(jwks).where(inArray(jwks.id, unreadable));
    const ended = await tx.delete(session).returning({ id: session.id });
    return { keys: unreadable.length, sessions: ended.length };
  });
}

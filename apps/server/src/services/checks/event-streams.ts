import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventStream, fleetMember, installation, session, user } from '../../db/schema';

export interface StreamOwner {
  userId: string;
  sessionId: string;
  installationId: number;
}

/** A row not renewed for this long belongs to a process that died; it no longer counts. */
const staleBefore = (staleMs: number) => sql`now() - make_interval(secs => ${staleMs / 1000})`;

/**
 * Registers an open stream unless the user already holds `limit` live ones, in any process.
 * The user's row is locked so that parallel opens count one after the other.
 */
export async function claimEventStream(db: Db, id: string, owner: StreamOwner, limit: number, staleMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.userId)).for('update');
    await tx.delete(eventStream).where(and(eq(eventStream.userId, owner.userId), lt(eventStream.seenAt, staleBefore(staleMs))));
    const [open] = await tx.select({ n: count() }).from(eventStream).where(eq(eventStream.userId, owner.userId));
    if ((open?.n ?? 0) >= limit) return false;
    await tx.insert(eventStream).values({ id, ...owner });
    return true;
  });
}

/**
 * Renews the streams whose session is still alive and whose user is still a member of the
 * installation's fleet; returns their ids. The others are to be closed.
 */
export async function renewEventStreams(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(eventStream)
    .set({ seenAt: sql`now()` })
    .where(
      and(
        inArray(eventStream.id, ids),
        sql`exists (select 1 from ${session} s where s.id = ${eventStream.sessionId} and s.expires_at > now())`,
        sql`exists (select 1 from ${installation} i join ${fleetMember} m on m.fleet_id = i.fleet_id
                    where i.id = ${eventStream.installationId} and m.user_id = ${eventStream.userId})`,
      ),
    )
    .returning({ id: eventStream.id });
  return new Set(rows.map((r) => r.id));
}

export async function releaseEventStreams(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(eventStream).where(inArray(eventStream.id, ids));
}

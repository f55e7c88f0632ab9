import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { FleetMembership, FleetRole, Me } from '@portal/domain/fleet';
import type { IdTokenClaims } from '../../auth/id-token';
import type { Db } from '../../db/client';
import { company, fleet, fleetMember, session, user } from '../../db/schema';
import { AppError } from '../../errors';
import type { ReadCache } from '../read-cache';

/**
 * The signed-in user with their company and fleets (GET /api/me) for the holder of an ID token:
 * the session check and the answer in one prepared statement, kept by the read cache with the
 * session; null once the session has ended.
 */
export function createMeReader(db: Db, cache: ReadCache) {
  const query = db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      isOperator: user.isOperator,
      nameChosen: sql<boolean>`${user.nameChosenAt} is not null`,
      expiresAt: session.expiresAt,
      company: sql<Me['company']>`(select json_build_object('name', c.name, 'shortName', c.short_name, 'email', c.email) from ${company} c where c.id = ${user.companyId})`,
      fleets: sql<FleetMembership[]>`coalesce((
        select json_agg(json_build_object('slug', f.slug, 'name', f.name, 'role', m.role) order by f.name)
        from ${fleetMember} m join ${fleet} f on f.id = m.fleet_id where m.user_id = ${user.id}), '[]'::json)`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sql.placeholder('sid')), eq(session.userId, sql.placeholder('sub')), gt(session.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('me_for_session');
  return (claims: IdTokenClaims): Promise<Me | null> =>
    cache.session(`me:${claims.sid}`, claims.sub, async () => {
      const [row] = await query.execute({ sid: claims.sid, sub: claims.sub });
      if (!row) return null;
      const { expiresAt, ...me } = row;
      return { value: me, expiresAtMs: expiresAt.getTime() };
    });
}

/** The name the person chose to go by: from now on the summary, the history and new reports show it. */
export async function setDisplayName(db: Db, userId: string, displayName: string): Promise<void> {
  await db.update(user).set({ name: displayName, nameChosenAt: new Date() }).where(eq(user.id, userId));
}

/** The fleet a user opened, or 404 when it does not exist or the user is not a member. */
export async function requireFleetMembership(db: Db, userId: string, slug: string) {
  const [row] = await db
    .select({ fleet, role: fleetMember.role })
    .from(fleetMember)
    .innerJoin(fleet, eq(fleet.id, fleetMember.fleetId))
    .where(and(eq(fleetMember.userId, userId), eq(fleet.slug, slug)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Fleet not found');
  return row;
}

async function findFleet(db: Db, slug: string) {
  const [row] = await db.select().from(fleet).where(eq(fleet.slug, slug)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `Fleet ${slug} not found`);
  return row;
}

/**
 * The user with this address, created (named after the address's local part) when there is none.
 * A company given joins a person who has none yet; it never moves someone out of theirs.
 */
export async function ensureUser(db: Db, rawEmail: string, companyId: number | null = null): Promise<{ id: string; created: boolean }> {
  const email = rawEmail.trim().toLowerCase();
  const [created] = await db
    .insert(user)
    .values({ id: crypto.randomUUID(), email, name: email.split('@')[0]!, emailVerified: true, companyId })
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  if (created) return { id: created.id, created: true };
  const [row] = await db.select({ id: user.id, companyId: user.companyId }).from(user).where(eq(user.email, email)).limit(1);
  if (companyId != null && row!.companyId == null) await db.update(user).set({ companyId }).where(eq(user.id, row!.id));
  return { id: row!.id, created: false };
}

/** Creates the user when needed and grants the fleet (or changes the role). */
export async function grantFleet(db: Db, input: { email: string; fleet: string; role: FleetRole; companyId?: number | null }) {
  return db.transaction(async (tx) => {
    const target = await findFleet(tx as Db, input.fleet);
    const person = await ensureUser(tx as Db, input.email, input.companyId ?? null);
    await tx
      .insert(fleetMember)
      .values({ userId: person.id, fleetId: target.id, role: input.role })
      .onConflictDoUpdate({ target: [fleetMember.userId, fleetMember.fleetId], set: { role: input.role } });
    return { userId: person.id, userCreated: person.created, fleet: target.slug, role: input.role };
  });
}

export async function revokeFleet(db: Db, input: { email: string; fleet: string }) {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const target = await findFleet(tx as Db, input.fleet);
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    if (!member) throw new AppError('NOT_FOUND', `User ${email} not found`);
    const [current] = await tx
      .select({ role: fleetMember.role })
      .from(fleetMember)
      .where(and(eq(fleetMember.userId, member.id), eq(fleetMember.fleetId, target.id)))
      .for('update');
    if (!current) return { revoked: false };
    if (current.role === 'admin') {
      const [admins] = await tx
        .select({ n: count() })
        .from(fleetMember)
        .where(and(eq(fleetMember.fleetId, target.id), eq(fleetMember.role, 'admin')));
      if ((admins?.n ?? 0) <= 1) throw new AppError('LAST_ADMIN', `${email} is the last admin of ${target.slug}`);
    }
    await tx.delete(fleetMember).where(and(eq(fleetMember.userId, member.id), eq(fleetMember.fleetId, target.id)));
    return { revoked: true };
  });
}

export async function listMembers(db: Db, fleetId: number) {
  return db
    .select({ userId: user.id, email: user.email, name: user.name, role: fleetMember.role, signedIn: sql<boolean>`${user.lastSignInAt} is not null` })
    .from(fleetMember)
    .innerJoin(user, eq(user.id, fleetMember.userId))
    .where(eq(fleetMember.fleetId, fleetId))
    .orderBy(asc(user.email));
}

/** The fleet's name and one member's address, for an invitation mail; 404 for someone not in the fleet. */
export async function invitationOf(db: Db, fleetId: number, userId: string) {
  const [row] = await db
    .select({ email: user.email, fleetName: fleet.name })
    .from(fleetMember)
    .innerJoin(user, eq(user.id, fleetMember.userId))
    .innerJoin(fleet, eq(fleet.id, fleetMember.fleetId))
    .where(and(eq(fleetMember.fleetId, fleetId), eq(fleetMember.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Member not found');
  return row;
}

/** Changes a member's role; the last admin of a fleet stays admin. */
export async function setMemberRole(db: Db, fleetId: number, userId: string, role: FleetRole) {
  return db.transaction(async (tx) => {
    const members = await tx.select().from(fleetMember).where(eq(fleetMember.fleetId, fleetId)).for('update');
    const target = members.find((m) => m.userId === userId);
    if (!target) throw new AppError('NOT_FOUND', 'Member not found');
    if (target.role === 'admin' && role !== 'admin' && members.filter((m) => m.role === 'admin').length <= 1) {
      throw new AppError('LAST_ADMIN', 'A fleet needs at least one admin');
    }
    await tx.update(fleetMember).set({ role }).where(and(eq(fleetMember.fleetId, fleetId), eq(fleetMember.userId, userId)));
  });
}

/** Removes a member; never the last admin. */
export async function removeMember(db: Db, fleetId: number, userId: string) {
  return db.transaction(async (tx) => {
    const members = await tx.select().from(fleetMember).where(eq(fleetMember.fleetId, fleetId)).for('update');
    const target = members.find((m) => m.userId === userId);
    if (!target) throw new AppError('NOT_FOUND', 'Member not found');
    if (target.role === 'admin' && members.filter((m) => m.role === 'admin').length <= 1) {
      throw new AppError('LAST_ADMIN', 'The last admin of a fleet cannot be removed');
    }
    await tx.delete(fleetMember).where(and(eq(fleetMember.fleetId, fleetId), eq(fleetMember.userId, userId)));
  });
}

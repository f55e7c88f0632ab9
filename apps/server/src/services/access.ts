import { and, asc, count, eq } from 'drizzle-orm';
import type { FleetMembership, FleetRole } from '@portal/domain/fleet';
import type { Db } from '../db/client';
import { fleet, fleetMember, user } from '../db/schema';
import { AppError } from '../errors';

export async function listMemberships(db: Db, userId: string): Promise<FleetMembership[]> {
  return db
    .select({ slug: fleet.slug, name: fleet.name, role: fleetMember.role })
    .from(fleetMember)
    .innerJoin(fleet, eq(fleet.id, fleetMember.fleetId))
    .where(eq(fleetMember.userId, userId))
    .orderBy(asc(fleet.name));
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

/** Creates the user when needed and grants the fleet (or changes the role). */
export async function grantFleet(db: Db, input: { email: string; fleet: string; role: FleetRole; companyId?: number | null }) {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const target = await findFleet(tx as Db, input.fleet);
    const [created] = await tx
      .insert(user)
      .values({ id: crypto.randomUUID(), email, name: email.split('@')[0]!, emailVerified: true, companyId: input.companyId ?? null })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    const [row] = created ? [created] : await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    await tx
      .insert(fleetMember)
      .values({ userId: row!.id, fleetId: target.id, role: input.role })
      .onConflictDoUpdate({ target: [fleetMember.userId, fleetMember.fleetId], set: { role: input.role } });
    return { userId: row!.id, userCreated: Boolean(created), fleet: target.slug, role: input.role };
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
      if ((admins?.n ?? 0) <= 1) throw new AppError('CONFLICT', `${email} is the last admin of ${target.slug}`);
    }
    await tx.delete(fleetMember).where(and(eq(fleetMember.userId, member.id), eq(fleetMember.fleetId, target.id)));
    return { revoked: true };
  });
}

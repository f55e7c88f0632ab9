import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Partner, PartnerInput } from '@portal/domain/partner';
import { PartnerInputSchema } from '@portal/domain/partner';
import type { Db } from '../../db/client';
import { installation, partner } from '../../db/schema';
import { AppError, notFound } from '../../errors';

function requireCompany(companyId: number | null): number {
  if (!companyId) throw new AppError('FORBIDDEN', 'Partners belong to an installer company; your account has none');
  return companyId;
}

/** Name and email are unique in the company, ignoring case; says which one is taken. */
async function assertUnique(db: Db, companyId: number, data: { name: string; email: string }, exceptId?: number) {
  const clash = await db
    .select({ id: partner.id, name: partner.name, email: partner.email })
    .from(partner)
    .where(and(eq(partner.companyId, companyId), sql`(lower(${partner.name}) = lower(${data.name}) or lower(${partner.email}) = lower(${data.email}))`));
  const others = clash.filter((p) => p.id !== exceptId);
  if (others.some((p) => p.name.toLowerCase() === data.name.toLowerCase())) {
    throw new AppError('PARTNER_NAME_EXISTS', 'A partner with this name already exists', { field: 'name' });
  }
  if (others.some((p) => p.email.toLowerCase() === data.email.toLowerCase())) {
    throw new AppError('PARTNER_EMAIL_EXISTS', 'A partner with this email already exists', { field: 'email' });
  }
}

/**
 * Installations a partner count may include: those of the caller's fleets. A partner belongs to the
 * company, but colleagues in other fleets must not learn how much work those fleets hold.
 */
const ofFleets = (fleetIds: number[]) => (fleetIds.length > 0 ? inArray(installation.fleetId, fleetIds) : sql`false`);

export async function listPartners(db: Db, companyId: number | null, fleetIds: number[]): Promise<Partner[]> {
  if (!companyId) return [];
  const rows = await db
    .select({ id: partner.id, name: partner.name, email: partner.email, installationCount: count(installation.id) })
    .from(partner)
    .leftJoin(installation, and(eq(installation.partnerId, partner.id), ofFleets(fleetIds)))
    .where(eq(partner.companyId, companyId))
    .groupBy(partner.id)
    .orderBy(asc(sql`lower(${partner.name})`));
  return rows.map((r) => ({ ...r, installationCount: Number(r.installationCount) }));
}

async function findOwn(db: Db, companyId: number, id: number) {
  const [row] = await db.select().from(partner).where(and(eq(partner.id, id), eq(partner.companyId, companyId))).for('update');
  if (!row) throw notFound('Partner');
  return row;
}

export async function createPartner(db: Db, companyId: number | null, input: PartnerInput): Promise<Partner> {
  const own = requireCompany(companyId);
  const data = PartnerInputSchema.parse(input);
  return db.transaction(async (tx) => {
    // Serialise writers of one company so two equal names cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(727276, ${own})`);
    await assertUnique(tx as Db, own, data);
    const [row] = await tx.insert(partner).values({ companyId: own, ...data }).returning();
    return { id: row!.id, name: row!.name, email: row!.email, installationCount: 0 };
  });
}

export async function updatePartner(db: Db, companyId: number | null, fleetIds: number[], id: number, input: PartnerInput): Promise<Partner> {
  const own = requireCompany(companyId);
  const data = PartnerInputSchema.parse(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276, ${own})`);
    await findOwn(tx as Db, own, id);
    await assertUnique(tx as Db, own, data, id);
    const [row] = await tx.update(partner).set(data).where(eq(partner.id, id)).returning();
    const [n] = await tx.select({ n: count() }).from(installation).where(and(eq(installation.partnerId, id), ofFleets(fleetIds)));
    return { id: row!.id, name: row!.name, email: row!.email, installationCount: Number(n?.n ?? 0) };
  });
}

/**
 * Deletes a partner and unassigns its installations, in one transaction. Each unassigned
 * installation gets a new version, so a wizard still holding the partner sees a conflict instead
 * of writing it back. Answers how many of the caller's fleets' installations were unassigned.
 */
export async function deletePartner(db: Db, companyId: number | null, fleetIds: number[], id: number) {
  const own = requireCompany(companyId);
  return db.transaction(async (tx) => {
    await findOwn(tx as Db, own, id);
    const unassigned = await tx
      .update(installation)
      .set({ partnerId: null, version: sql`${installation.version} + 1`, updatedAt: new Date() })
      .where(eq(installation.partnerId, id))
      .returning({ id: installation.id, fleetId: installation.fleetId });
    await tx.delete(partner).where(eq(partner.id, id));
    return { unassigned: unassigned.filter((i) => fleetIds.includes(i.fleetId)).length };
  });
}

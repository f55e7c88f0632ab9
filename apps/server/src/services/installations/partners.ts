import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Partner, PartnerInput } from '@portal/domain/partner';
import { PartnerInputSchema } from '@portal/domain/partner';
import type { Db } from '../../db/client';
import { installation, partner } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { recordHistory } from '../reports/history';

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

const describe = (p: { name: string; email: string }) => `${p.name} (${p.email})`;

/**
 * The drafts that show this partner, locked. A completed installation shows the partner as it was
 * at submission and is never touched. A draft of a fleet the caller is no member of may not be
 * changed by them: the change is refused, and that fleet's record stays as it is.
 */
async function draftsShowing(tx: Db, partnerId: number, fleetIds: number[], changes = true) {
  const drafts = await tx
    .select()
    .from(installation)
    .where(and(eq(installation.partnerId, partnerId), eq(installation.status, 'draft')))
    .orderBy(asc(installation.id))
    .for('update');
  if (changes && drafts.some((d) => !fleetIds.includes(d.fleetId))) {
    throw new AppError('FORBIDDEN', 'This partner is on installations of a fleet you are not a member of; only its members can change what they show', { reason: 'partnerInOtherFleet' });
  }
  return drafts;
}

export async function updatePartner(db: Db, companyId: number | null, fleetIds: number[], id: number, input: PartnerInput, actor: string | null = null): Promise<Partner> {
  const own = requireCompany(companyId);
  const data = PartnerInputSchema.parse(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276, ${own})`);
    const before = await findOwn(tx as Db, own, id);
    await assertUnique(tx as Db, own, data, id);
    const changes = describe(before) !== describe(data);
    const drafts = await draftsShowing(tx as Db, id, fleetIds, changes);
    const [row] = await tx.update(partner).set(data).where(eq(partner.id, id)).returning();
    if (changes) {
      for (const d of drafts) {
        // A wizard still holding the old partner text sees a conflict instead of a silent change.
        await tx.update(installation).set({ version: sql`${installation.version} + 1`, updatedAt: new Date() }).where(eq(installation.id, d.id));
        await recordHistory(tx as Db, d, actor, 'changed', [{ field: 'partnerId', oldValue: describe(before), newValue: describe(row!) }]);
      }
    }
    const [n] = await tx.select({ n: count() }).from(installation).where(and(eq(installation.partnerId, id), ofFleets(fleetIds)));
    return { id: row!.id, name: row!.name, email: row!.email, installationCount: Number(n?.n ?? 0) };
  });
}

/**
 * Deletes a partner and unassigns its installations, in one transaction. Each unassigned
 * installation gets a new version, so a wizard still holding the partner sees a conflict instead
 * of writing it back. Answers how many of the caller's fleets' installations were unassigned.
 */
export async function deletePartner(db: Db, companyId: number | null, fleetIds: number[], id: number, actor: string | null = null) {
  const own = requireCompany(companyId);
  return db.transaction(async (tx) => {
    const before = await findOwn(tx as Db, own, id);
    const drafts = await draftsShowing(tx as Db, id, fleetIds);
    for (const d of drafts) {
      await tx.update(installation).set({ partnerId: null, version: sql`${installation.version} + 1`, updatedAt: new Date() }).where(eq(installation.id, d.id));
      await recordHistory(tx as Db, d, actor, 'changed', [{ field: 'partnerId', oldValue: describe(before), newValue: null }]);
    }
    // Completed installations keep the partner they were submitted with (their snapshot); the
    // reference itself goes with the partner.
    await tx.delete(partner).where(eq(partner.id, id));
    return { unassigned: drafts.length };
  });
}

import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { fleet, fleetMember } from '../db/schema';
import { AppError } from '../errors';
import { currentUser } from '../plugins/request-auth';

const cache = new WeakMap<FastifyRequest, Promise<Map<number, { slug: string; role: string }>>>();

/** The fleets the caller is a member of (fleet id -> slug, role), read once per request. */
export function callerFleets(db: Db, request: FastifyRequest) {
  let fleets = cache.get(request);
  if (!fleets) {
    const me = currentUser(request);
    fleets = db
      .select({ id: fleet.id, slug: fleet.slug, role: fleetMember.role })
      .from(fleetMember)
      .innerJoin(fleet, eq(fleet.id, fleetMember.fleetId))
      .where(eq(fleetMember.userId, me.userId))
      .then((rows) => new Map(rows.map((r) => [r.id, { slug: r.slug, role: r.role }])));
    cache.set(request, fleets);
  }
  return fleets;
}

export async function callerFleetIds(db: Db, request: FastifyRequest): Promise<number[]> {
  return [...(await callerFleets(db, request)).keys()];
}

/** The fleet of an admin route: 404 for non-members, 403 for members who are not its admin. */
export async function requireFleetAdmin(db: Db, request: FastifyRequest, slug: string): Promise<number> {
  const fleets = await callerFleets(db, request);
  const entry = [...fleets].find(([, f]) => f.slug === slug);
  if (!entry) throw new AppError('NOT_FOUND', 'Fleet not found');
  if (entry[1].role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have permission to access this page.');
  return entry[0];
}

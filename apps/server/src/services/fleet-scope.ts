import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { currentUser } from '../plugins/request-auth';

/** The fleets the caller is a member of (fleet id -> slug, role), read with the session. */
export async function callerFleets(_db: Db, request: FastifyRequest) {
  return new Map(currentUser(request).fleets.map((f) => [f.id, { slug: f.slug, role: f.role }]));
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

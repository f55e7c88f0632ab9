import type { FleetRole } from '@portal/domain/fleet';
import { AppError } from '../../errors';

export type ScopedFleet = { id: number; slug: string; role: FleetRole };

/**
 * The fleets a signed-in caller is a member of, read with the session once per request. Every query
 * that reads or writes tenant data is scoped by `ids`; a fleet outside them is 'not found'.
 */
export class FleetScope {
  readonly ids: number[];

  constructor(private readonly fleets: readonly ScopedFleet[]) {
    this.ids = fleets.map((fleet) => fleet.id);
  }

  /** The caller's fleet with this slug: 404 for a fleet the caller is not a member of. */
  bySlug(slug: string): ScopedFleet {
    const fleet = this.fleets.find((candidate) => candidate.slug === slug);
    if (!fleet) throw new AppError('NOT_FOUND', 'Fleet not found');
    return fleet;
  }

  /** The fleet of an admin route: 404 for non-members, 403 for members who are not its admin. */
  adminOf(slug: string): number {
    const fleet = this.bySlug(slug);
    if (fleet.role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have permission to access this page.');
    return fleet.id;
  }
}

/** The scope of a request that is not signed in: no fleet at all. */
export const NO_FLEETS = new FleetScope([]);

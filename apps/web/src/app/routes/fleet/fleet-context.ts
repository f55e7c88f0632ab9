import { useOutletContext } from 'react-router';
import type { Fleet } from '@portal/domain/fleet';

export type FleetContext = { fleet: Fleet; refetch: () => void; isRefetching: boolean };

/** The fleet of the current #/:fleet route, loaded by FleetLayout before any fleet screen renders. */
export function useCurrentFleet(): FleetContext {
  return useOutletContext<FleetContext>();
}

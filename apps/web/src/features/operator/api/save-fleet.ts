import { OperatorFleetSchema, type FleetInput, type OperatorFleet } from '@portal/domain/operator';
import { useSaveOperatorRecord } from './save-operator-record';

/** Creates a fleet (id null) or changes one; 409 FLEET_EXISTS names the taken field. */
export const useSaveFleet = () => useSaveOperatorRecord<FleetInput, OperatorFleet>('/api/operator/fleets', OperatorFleetSchema);

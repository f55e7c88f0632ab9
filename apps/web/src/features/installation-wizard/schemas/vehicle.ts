// The vehicle tab's form schema: a chunk of its own, loaded right after the tab has painted.
export { VehicleInputSchema } from '@portal/domain/vehicle';

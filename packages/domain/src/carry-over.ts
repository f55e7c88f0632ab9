import { z } from 'zod';
import { RowIdSchema } from './ids';
import { VehicleSchema } from './vehicle';

export * from './carry-over-rules';

/** Query of `GET /api/fleets/{slug}/installations/carry-over`. */
export const CarryOverQuerySchema = z.object({
  /** The installation being filled in: never a source of itself. */
  for: RowIdSchema.optional(),
  /** An installation of the fleet the installer picked; without it, the installer's last one. */
  from: RowIdSchema.optional(),
});
export type CarryOverQuery = z.infer<typeof CarryOverQuerySchema>;

/** The installation values are taken from. */
export const CarryOverSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  systemSerialNumber: z.string(),
  updatedAt: z.string(),
});
export type CarryOverSource = z.infer<typeof CarryOverSourceSchema>;

/** What repeats of a vehicle: never its VIN, licence plate or mileage. */
export const CarriedVehicleSchema = VehicleSchema.pick({
  type: true,
  manufacturer: true,
  model: true,
  year: true,
  transmission: true,
  batteryType: true,
  batteryCapacity: true,
  batteryCapacityUnit: true,
  city: true,
}).strict();
export type CarriedVehicle = z.infer<typeof CarriedVehicleSchema>;

export const CarryOverSchema = z.object({
  /** The source's vehicle; null when there is none to take. */
  vehicle: z.object({ source: CarryOverSourceSchema, values: CarriedVehicleSchema }).nullable(),
  /** PV modules and active channels per controller position (ordered by serial number), from a saved setup. */
  setup: z
    .object({
      source: CarryOverSourceSchema,
      controllers: z.array(z.object({ pvModulesCount: z.number().int(), activeChannelCount: z.number().int() })),
    })
    .nullable(),
  /** The name after the installer's last one in this fleet (or the fleet's last), not yet used in the fleet. */
  name: z.object({ source: CarryOverSourceSchema, suggested: z.string() }).nullable(),
  /** The fleet's installations with a vehicle, most recently changed first: what the installer can pick from. */
  recent: z.array(CarryOverSourceSchema.extend({ manufacturer: z.string(), model: z.string(), year: z.number().int() })),
});
export type CarryOver = z.infer<typeof CarryOverSchema>;

import { z } from 'zod';
import { VersionSchema } from './ids';
import { FORM_ERRORS as E } from './validation';
import {
  BATTERY_CAPACITY_UNITS,
  BATTERY_TYPES,
  DEFAULT_CAPACITY_UNIT,
  isCapacityUnitAllowed,
  isValidVehicleYear,
  normalizeTransmission,
  normalizeVin,
  TRANSMISSIONS,
  VEHICLE_TYPES,
  VIN_PATTERN,
} from './vehicle-rules';

export * from './vehicle-rules';

const requiredText = (max: number) => z.string({ error: E.required }).trim().min(1, E.required).max(max, E.tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, E.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
const number = () => z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? E.required : E.invalidNumber) });

export const VehicleInputSchema = z
  .object({
    type: z.enum(VEHICLE_TYPES, { error: E.required }),
    manufacturer: requiredText(80),
    model: requiredText(80),
    year: number().int(E.invalidYear).refine((y) => isValidVehicleYear(y), E.invalidYear),
    transmission: z.preprocess(normalizeTransmission, z.enum(TRANSMISSIONS, { error: E.required })),
    batteryType: z.enum(BATTERY_TYPES, { error: E.required }),
    batteryCapacity: number().positive(E.invalidNumber).max(100_000, E.invalidNumber),
    batteryCapacityUnit: z.enum(BATTERY_CAPACITY_UNITS, { error: E.required }).default(DEFAULT_CAPACITY_UNIT),
    vin: z
      .string({ error: E.required })
      .transform(normalizeVin)
      .pipe(z.string().min(1, E.required).regex(VIN_PATTERN, E.invalidVin)),
    licensePlate: optionalText(20),
    /** Kilometres, whole numbers; 0 for a new vehicle. */
    mileage: number().int(E.invalidNumber).min(0, E.negativeNumber).max(10_000_000, E.invalidNumber),
    city: optionalText(120),
  })
  .superRefine((v, ctx) => {
    if (!isCapacityUnitAllowed(v.batteryType, v.batteryCapacityUnit)) {
      ctx.addIssue({ code: 'custom', path: ['batteryCapacityUnit'], message: E.invalidCapacityUnit });
    }
  });
export type VehicleInput = z.input<typeof VehicleInputSchema>;
export type VehicleData = z.output<typeof VehicleInputSchema>;

/** Body of `POST /api/installations/{id}/vehicle` and `PUT /api/vehicles/{id}`: the vehicle and the installation's `version`. */
export const SaveVehicleSchema = z.intersection(VehicleInputSchema, z.object({ version: VersionSchema }));
export type SaveVehicle = z.input<typeof SaveVehicleSchema>;

export const VehicleSchema = z.object({
  id: z.number().int(),
  type: z.enum(VEHICLE_TYPES),
  manufacturer: z.string(),
  model: z.string(),
  year: z.number().int(),
  transmission: z.enum(TRANSMISSIONS),
  batteryType: z.enum(BATTERY_TYPES),
  batteryCapacity: z.number(),
  batteryCapacityUnit: z.enum(BATTERY_CAPACITY_UNITS),
  vin: z.string(),
  licensePlate: z.string().nullable(),
  mileage: z.number().int(),
  city: z.string().nullable(),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

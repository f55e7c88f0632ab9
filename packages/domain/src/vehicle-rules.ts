import { MILEAGE_FACTOR_KM_TO_MILES, MIN_VEHICLE_YEAR } from './constants';

// Plain TypeScript, no schema library: the vehicle's choices, VIN and mileage rules, used by the
// wizard's vehicle tab before (or without) loading the schemas and by the server. The schemas are in ./vehicle.

export const VEHICLE_TYPES = ['bus', 'trailer', 'truck', 'van'] as const;
export const TRANSMISSIONS = ['electric', 'diesel', 'petrol', 'cng'] as const;
export const BATTERY_TYPES = ['LV', 'HV', 'both'] as const;
export const BATTERY_CAPACITY_UNITS = ['Ah', 'kWh'] as const;
export const DISTANCE_UNITS = ['km', 'miles'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type Transmission = (typeof TRANSMISSIONS)[number];
export type BatteryType = (typeof BATTERY_TYPES)[number];
export type BatteryCapacityUnit = (typeof BATTERY_CAPACITY_UNITS)[number];
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export const DEFAULT_DISTANCE_UNIT: DistanceUnit = 'km';
export const isDistanceUnit = (value: string): value is DistanceUnit => (DISTANCE_UNITS as readonly string[]).includes(value);
export const DEFAULT_CAPACITY_UNIT: BatteryCapacityUnit = 'kWh';

/** The last model year a vehicle may have: next year's models are already on the road. */
export const maxVehicleYear = (now: Date = new Date()) => now.getFullYear() + 1;

export const isValidVehicleYear = (year: number, now: Date = new Date()) =>
  Number.isInteger(year) && year >= MIN_VEHICLE_YEAR && year <= maxVehicleYear(now);

/** Low voltage batteries are rated in Ah, high voltage ones in kWh; 'both' may use either. */
export function capacityUnitFor(batteryType: BatteryType): BatteryCapacityUnit {
  return batteryType === 'LV' ? 'Ah' : DEFAULT_CAPACITY_UNIT;
}
export const isCapacityUnitAllowed = (batteryType: BatteryType, unit: BatteryCapacityUnit) =>
  batteryType === 'both' || capacityUnitFor(batteryType) === unit;

/** The legacy spelling 'disel' is accepted on input and stored as 'diesel'. */
export const normalizeTransmission = (value: unknown) => (typeof value === 'string' && value.trim().toLowerCase() === 'disel' ? 'diesel' : value);

// ---- VIN (ISO 3779) ----

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const normalizeVin = (vin: string) => vin.replace(/\s+/g, '').toUpperCase();
export const isVinFormatValid = (vin: string) => VIN_PATTERN.test(normalizeVin(vin));

/** VINs of vehicles made for North America start with 1-5; only there is position 9 a check digit. */
export const isNorthAmericanVin = (vin: string) => /^[1-5]/.test(normalizeVin(vin));

/**
 * Whether the 9th character is the ISO 3779 check digit of the rest. Elsewhere (e.g. Europe) it is
 * often a free character, so only isVinCheckDigitSuspicious() decides whether to warn.
 */
export function isVinCheckDigitValid(vin: string): boolean {
  const v = normalizeVin(vin);
  if (!VIN_PATTERN.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = v[i]!;
    const value = /\d/.test(ch) ? Number(ch) : VIN_VALUES[ch]!;
    sum += value * VIN_WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return v[8] === (remainder === 10 ? 'X' : String(remainder));
}

/**
 * A well-formed North American VIN whose check digit does not match: worth a second look at the
 * papers, never a refusal. European and other VINs need no check digit and get no warning.
 */
export const isVinCheckDigitSuspicious = (vin: string) => isVinFormatValid(vin) && isNorthAmericanVin(vin) && !isVinCheckDigitValid(vin);

// ---- mileage: stored in km, shown in the installer's unit ----

export const kmToMiles = (km: number) => Math.round(km * MILEAGE_FACTOR_KM_TO_MILES);
export const milesToKm = (miles: number) => Math.round(miles / MILEAGE_FACTOR_KM_TO_MILES);
export const toKm = (value: number, unit: DistanceUnit) => (unit === 'km' ? Math.round(value) : milesToKm(value));
export const fromKm = (km: number, unit: DistanceUnit) => (unit === 'km' ? km : kmToMiles(km));
/**
 * Converts a mileage between units. Always convert the value the installer entered (in the unit it
 * was entered in), never one converted before: each conversion rounds, so km -> miles -> km drifts.
 */
export const convertMileage = (value: number, from: DistanceUnit, to: DistanceUnit) =>
  from === to ? value : to === 'miles' ? kmToMiles(value) : milesToKm(value);

// Plain TypeScript, no schema library: what a new installation takes over from an earlier one of
// its fleet, used by the wizard before (or without) loading the schemas and by the server. The
// schemas are in ./carry-over.

/**
 * The vehicle fields that repeat across a fleet's buses of one model. The VIN, the licence plate
 * and the mileage are each vehicle's own and are never taken over.
 */
export const CARRIED_VEHICLE_FIELDS = ['type', 'manufacturer', 'model', 'year', 'transmission', 'batteryType', 'batteryCapacity', 'batteryCapacityUnit', 'city'] as const;
export type CarriedVehicleField = (typeof CARRIED_VEHICLE_FIELDS)[number];

/** The setup fields taken over per controller position; the physical inspection is looked at anew. */
export const CARRIED_SETUP_FIELDS = ['pvModulesCount', 'activeChannelCount'] as const;
export type CarriedSetupField = (typeof CARRIED_SETUP_FIELDS)[number];

/** A setup is taken over per controller position, so only onto a system with as many controllers. */
export const canCarrySetup = (sourceControllers: number, targetControllers: number) => sourceControllers > 0 && sourceControllers === targetControllers;

/**
 * The name that follows `name` in a series: its last run of digits counted up, keeping leading
 * zeros and the run's width ("Bus 4713 Betriebshof" → "Bus 4714 Betriebshof", "0099" → "0100",
 * "9" → "10"). A name without a digit starts a series (" 2" is added); an empty one has no successor.
 */
export function nextInSequence(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return null;
  const match = /(\d+)(?!.*\d)/su.exec(trimmed);
  if (!match) return `${trimmed} 2`;
  const digits = match[1]!;
  const next = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return trimmed.slice(0, match.index) + next + trimmed.slice(match.index + digits.length);
}

/** The names after `name` in its series, in order, for skipping those a fleet already uses. */
export function namesAfter(name: string, count: number): string[] {
  const names: string[] = [];
  let current: string | null = name;
  while (names.length < count && (current = nextInSequence(current)) !== null) names.push(current);
  return names;
}

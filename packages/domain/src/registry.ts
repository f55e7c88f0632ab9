import { z } from 'zod';
import { CONTROLLER_TYPES, channelsFor } from './system';

/**
 * CSV import of the product registry: one row per charge controller; the system's columns repeat
 * on each of its rows and must agree. The telematics columns may be empty on all but one row.
 */
export const REGISTRY_CSV_COLUMNS = [
  'serial_number',
  'pv_module_count',
  'pv_module_version',
  'installed_capacity_wp',
  'controller_serial',
  'controller_type',
  'hardware_version',
  'firmware_version',
  'telematics_unit',
  'imei',
  'iccid',
] as const;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `is longer than ${max} characters`);
const whole = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be between 1 and ${max}`);

export const RegistryRowSchema = z.object({
  serial_number: text(64),
  pv_module_count: whole(1000),
  pv_module_version: text(64),
  installed_capacity_wp: whole(1_000_000),
  controller_serial: text(64),
  controller_type: z.string().trim().toUpperCase().pipe(z.enum(CONTROLLER_TYPES, { error: 'must be HV or LV' })),
  hardware_version: text(32),
  firmware_version: text(32),
  telematics_unit: z.string().trim().max(64).optional().default(''),
  imei: z
    .string()
    .trim()
    .regex(/^(\d{15})?$/, 'must be 15 digits')
    .optional()
    .default(''),
  iccid: z
    .string()
    .trim()
    .regex(/^(0|\d{18,22})?$/, 'must be 18 to 22 digits, or 0')
    .optional()
    .default(''),
});
export type RegistryRow = z.output<typeof RegistryRowSchema>;

export interface RegistrySystem {
  serialNumber: string;
  pvModuleCount: number;
  pvModuleVersion: string;
  installedCapacityWp: number;
  controllers: { serialNumber: string; type: 'HV' | 'LV'; hardwareVersion: string; firmwareVersion: string; channelCount: number }[];
  telematics: { unit: string; imei: string; iccid: string }[];
}

export interface RowError {
  line: number;
  message: string;
}

/** Groups validated rows into systems and reports every inconsistency by line number. */
export function groupRegistryRows(rows: { line: number; row: RegistryRow }[]): { systems: RegistrySystem[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const systems = new Map<string, RegistrySystem & { firstLine: number }>();
  const controllerLines = new Map<string, number>();
  const imeiLines = new Map<string, number>();
  for (const { line, row } of rows) {
    const key = row.serial_number.toLowerCase();
    let system = systems.get(key);
    if (!system) {
      system = {
        serialNumber: row.serial_number,
        pvModuleCount: row.pv_module_count,
        pvModuleVersion: row.pv_module_version,
        installedCapacityWp: row.installed_capacity_wp,
        controllers: [],
        telematics: [],
        firstLine: line,
      };
      systems.set(key, system);
    } else if (
      system.pvModuleCount !== row.pv_module_count ||
      system.pvModuleVersion !== row.pv_module_version ||
      system.installedCapacityWp !== row.installed_capacity_wp
    ) {
      errors.push({ line, message: `system ${row.serial_number} has other PV module or capacity values than on line ${system.firstLine}` });
    }
    const controllerKey = row.controller_serial.toLowerCase();
    if (controllerLines.has(controllerKey)) {
      errors.push({ line, message: `controller ${row.controller_serial} appears again (first on line ${controllerLines.get(controllerKey)})` });
    } else {
      controllerLines.set(controllerKey, line);
      system.controllers.push({
        serialNumber: row.controller_serial,
        type: row.controller_type,
        hardwareVersion: row.hardware_version,
        firmwareVersion: row.firmware_version,
        channelCount: channelsFor(row.controller_type),
      });
    }
    if (row.imei) {
      const seenOn = imeiLines.get(row.imei);
      const sameSystem = system.telematics.some((t) => t.imei === row.imei);
      if (seenOn !== undefined && !sameSystem) errors.push({ line, message: `IMEI ${row.imei} belongs to another system (line ${seenOn})` });
      if (!sameSystem && seenOn === undefined) {
        if (!row.telematics_unit) errors.push({ line, message: 'telematics_unit is required with an IMEI' });
        system.telematics.push({ unit: row.telematics_unit, imei: row.imei, iccid: row.iccid || '0' });
        imeiLines.set(row.imei, line);
      }
    }
  }
  for (const s of systems.values()) {
    if (s.telematics.length === 0) errors.push({ line: s.firstLine, message: `system ${s.serialNumber} has no telematics unit (imei)` });
  }
  return { systems: [...systems.values()].map(({ firstLine: _f, ...s }) => s), errors };
}

export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  systems: z.number().int(),
  controllers: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  imported: z.boolean(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const MemberSchema = z.object({ userId: z.string(), email: z.string(), name: z.string(), role: z.enum(['installer', 'admin']) });
export type Member = z.infer<typeof MemberSchema>;

/** One system as the admin's registry list shows it. */
export const RegistryListItemSchema = z.object({
  serialNumber: z.string(),
  pvModuleCount: z.number().int(),
  pvModuleVersion: z.string(),
  installedCapacity: z.number().int(),
  controllerQuantity: z.number().int(),
  chargeControllers: z.array(z.object({ serialNumber: z.string(), type: z.enum(CONTROLLER_TYPES), hardwareVersion: z.string(), firmwareVersion: z.string() })),
  telematics: z.array(z.object({ unit: z.string(), imei: z.string(), iccid: z.string() })),
});
export type RegistryListItem = z.infer<typeof RegistryListItemSchema>;

/** `GET /api/admin/{fleet}/systems`. */
export const RegistryListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(RegistryListItemSchema),
});
export type RegistryList = z.infer<typeof RegistryListSchema>;

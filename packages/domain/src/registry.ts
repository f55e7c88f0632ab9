import { z } from 'zod';
import { EmailSchema } from './auth';
import { LOCALES } from './constants';
import { FleetRoleSchema } from './fleet';
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

/**
 * Every problem an import can report, with what its sentence needs. The server sends the code and
 * its values (the web app says them in the user's language) and an English sentence for other clients.
 */
export type ImportProblem =
  | { code: 'csvInvalid'; params: { detail: string } }
  | { code: 'noRows'; params: Record<string, never> }
  | { code: 'missingColumns'; params: { columns: string } }
  | { code: 'tooManyRows'; params: { max: number } }
  | { code: 'required'; params: { column: string } }
  | { code: 'tooLong'; params: { column: string; max: number } }
  | { code: 'notWholeNumber'; params: { column: string } }
  | { code: 'outOfRange'; params: { column: string; min: number; max: number } }
  | { code: 'controllerType'; params: { column: string } }
  | { code: 'imeiFormat'; params: { column: string } }
  | { code: 'iccidFormat'; params: { column: string } }
  | { code: 'invalidValue'; params: { column: string } }
  | { code: 'systemValuesDiffer'; params: { serial: string; firstLine: number } }
  | { code: 'controllerRepeated'; params: { serial: string; firstLine: number } }
  | { code: 'imeiOtherSystem'; params: { imei: string; firstLine: number } }
  | { code: 'telematicsUnitRequired'; params: { column: string } }
  | { code: 'noTelematics'; params: { serial: string } }
  | { code: 'systemExists'; params: { serial: string } }
  | { code: 'systemDiffers'; params: { serial: string } }
  | { code: 'controllerExists'; params: { serial: string } }
  | { code: 'imeiExists'; params: { imei: string } };
export type ImportProblemCode = ImportProblem['code'];

const SENTENCES: { [C in ImportProblemCode]: (p: Extract<ImportProblem, { code: C }>['params']) => string } = {
  csvInvalid: (p) => `the file is not valid CSV: ${p.detail}`,
  noRows: () => 'the file has no rows',
  missingColumns: (p) => `missing columns: ${p.columns}`,
  tooManyRows: (p) => `at most ${p.max} rows per import`,
  required: (p) => `${p.column} is required`,
  tooLong: (p) => `${p.column} is longer than ${p.max} characters`,
  notWholeNumber: (p) => `${p.column} must be a whole number`,
  outOfRange: (p) => `${p.column} must be between ${p.min} and ${p.max}`,
  controllerType: (p) => `${p.column} must be HV or LV`,
  imeiFormat: (p) => `${p.column} must be 15 digits`,
  iccidFormat: (p) => `${p.column} must be 18 to 22 digits, or 0`,
  invalidValue: (p) => `${p.column} is not valid`,
  systemValuesDiffer: (p) => `system ${p.serial} has other PV module or capacity values than on line ${p.firstLine}`,
  controllerRepeated: (p) => `controller ${p.serial} appears again (first on line ${p.firstLine})`,
  imeiOtherSystem: (p) => `IMEI ${p.imei} belongs to another system (line ${p.firstLine})`,
  telematicsUnitRequired: (p) => `${p.column} is required with an IMEI`,
  noTelematics: (p) => `system ${p.serial} has no telematics unit (imei)`,
  systemExists: (p) => `system ${p.serial} is already in the registry`,
  systemDiffers: (p) => `system ${p.serial} is in the registry with other charge controllers, telematics units, PV module count or capacity; only versions, unit names and ICCIDs can change`,
  controllerExists: (p) => `controller ${p.serial} is already in the registry`,
  imeiExists: (p) => `IMEI ${p.imei} is already in the registry`,
};

/** A problem on a line of the file, with its English sentence. */
export function rowError(line: number, problem: ImportProblem): RowError {
  const sentence = (SENTENCES[problem.code] as (p: ImportProblem['params']) => string)(problem.params);
  return { line, code: problem.code, params: problem.params, message: sentence };
}

// The schema's messages are problem codes; readRegistryIssue turns an issue into its problem.
const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');
const whole = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'notWholeNumber')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { message: 'outOfRange', params: { min: 1, max } });

export const RegistryRowSchema = z.object({
  serial_number: text(64),
  pv_module_count: whole(1000),
  pv_module_version: text(64),
  installed_capacity_wp: whole(1_000_000),
  controller_serial: text(64),
  controller_type: z.string().trim().toUpperCase().pipe(z.enum(CONTROLLER_TYPES, { error: 'controllerType' })),
  hardware_version: text(32),
  firmware_version: text(32),
  telematics_unit: z.string().trim().max(64, 'tooLong').optional().default(''),
  imei: z
    .string()
    .trim()
    .regex(/^(\d{15})?$/, 'imeiFormat')
    .optional()
    .default(''),
  iccid: z
    .string()
    .trim()
    .regex(/^(0|\d{18,22})?$/, 'iccidFormat')
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
  code: ImportProblemCode;
  params: Record<string, string | number>;
  message: string;
}

const CODES_WITH_COLUMN = new Set<string>(['required', 'tooLong', 'notWholeNumber', 'outOfRange', 'controllerType', 'imeiFormat', 'iccidFormat']);

/** The problem a RegistryRowSchema issue stands for (any other issue: the column's value is not valid). */
export function readRegistryIssue(issue: z.core.$ZodIssue): ImportProblem {
  const column = String(issue.path[0] ?? '');
  const code = CODES_WITH_COLUMN.has(issue.message) ? issue.message : 'invalidValue';
  if (code === 'tooLong') return { code, params: { column, max: Number((issue as { maximum?: unknown }).maximum) } };
  if (code === 'outOfRange') {
    const { min, max } = (issue as { params?: { min: number; max: number } }).params ?? { min: 1, max: 1 };
    return { code, params: { column, min, max } };
  }
  return { code, params: { column } } as ImportProblem;
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
      errors.push(rowError(line, { code: 'systemValuesDiffer', params: { serial: row.serial_number, firstLine: system.firstLine } }));
    }
    const controllerKey = row.controller_serial.toLowerCase();
    if (controllerLines.has(controllerKey)) {
      errors.push(rowError(line, { code: 'controllerRepeated', params: { serial: row.controller_serial, firstLine: controllerLines.get(controllerKey) ?? 1 } }));
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
      if (seenOn !== undefined && !sameSystem) errors.push(rowError(line, { code: 'imeiOtherSystem', params: { imei: row.imei, firstLine: seenOn } }));
      if (!sameSystem && seenOn === undefined) {
        if (!row.telematics_unit) errors.push(rowError(line, { code: 'telematicsUnitRequired', params: { column: 'telematics_unit' } }));
        system.telematics.push({ unit: row.telematics_unit, imei: row.imei, iccid: row.iccid || '0' });
        imeiLines.set(row.imei, line);
      }
    }
  }
  for (const s of systems.values()) {
    if (s.telematics.length === 0) errors.push(rowError(s.firstLine, { code: 'noTelematics', params: { serial: s.serialNumber } }));
  }
  return { systems: [...systems.values()].map(({ firstLine: _f, ...s }) => s), errors };
}

export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  systems: z.number().int(),
  controllers: z.number().int(),
  /** Of the file's systems: new ones, ones already in the fleet's registry with changed versions, unit names or ICCIDs, and ones already there as they are. */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(
    z.object({
      line: z.number().int(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      message: z.string(),
    }),
  ),
  imported: z.boolean(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** A member of a fleet; `signedIn` is false until the person first signs in (an invitation not yet taken up). */
export const MemberSchema = z.object({ userId: z.string(), email: z.string(), name: z.string(), role: FleetRoleSchema, signedIn: z.boolean() });
export type Member = z.infer<typeof MemberSchema>;

/** The members of a fleet, as every members route answers. */
export const MemberListSchema = z.array(MemberSchema);

/** Path of a fleet's admin routes, `/api/admin/{fleet}/...`. */
export const FleetParamsSchema = z.object({ fleet: z.string().min(1).max(100) });

/** Path of one member, `/api/admin/{fleet}/members/{userId}`. */
export const MemberParamsSchema = FleetParamsSchema.extend({ userId: z.string().max(64) });

/** Body of `PUT /api/admin/{fleet}/members/{userId}`. */
export const MemberRoleSchema = z.object({ role: FleetRoleSchema });
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** Query of `GET /api/admin/{fleet}/systems`: a page, searched by serial number. */
export const RegistryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(64).optional(),
});

/** Query of `POST /api/admin/{fleet}/systems/import`: a dry run only reports. */
export const RegistryImportQuerySchema = z.object({ dryRun: z.enum(['true', 'false']).default('false') });

/** `POST /api/admin/{fleet}/members`: someone invited by email with a role, mailed in `language`. */
export const InviteMemberSchema = z.object({ email: EmailSchema, role: FleetRoleSchema.default('installer'), language: z.enum(LOCALES).optional() });
export type InviteMember = z.input<typeof InviteMemberSchema>;

/** `POST /api/admin/{fleet}/members/{userId}/invitation`: the invitation mailed again, in `language`. */
export const ResendInvitationSchema = z.object({ language: z.enum(LOCALES).optional() });

/** Answer of an invitation: the members, and whether the mail went out (access is granted either way). */
export const InvitationResultSchema = z.object({ members: MemberListSchema, emailSent: z.boolean() });
export type InvitationResult = z.infer<typeof InvitationResultSchema>;

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

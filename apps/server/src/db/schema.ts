import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---- installer companies and the customers' fleets ----

export const company = pgTable(
  'company',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_name_uq').on(sql`lower(${t.name})`), uniqueIndex('company_short_name_uq').on(sql`lower(${t.shortName})`)],
);

export const fleet = pgTable(
  'fleet',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    customerName: text('customer_name').notNull(),
    primaryContact: text('primary_contact').notNull(),
    email: text('email').notNull(),
    /** The IANA time zone its reports print times in; the operator changes it. */
    timeZone: text('time_zone').notNull().default('Europe/Berlin'),
    /** A draft untouched for more than this many days counts as stalled on the rollout page. */
    stallDays: integer('stall_days').notNull().default(3),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fleet_name_uq').on(sql`lower(${t.name})`)],
);

// ---- sign-in (tables used by better-auth) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  companyId: integer('company_id').references(() => company.id, { onDelete: 'set null' }),
  /** The portal operator (the kit vendor's staff); granted only by the CLI. */
  isOperator: boolean('is_operator').notNull().default(false),
  /** When the person last started a session, to the day; null until they first sign in (an invitation not yet taken up). */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /** When the person chose their display name (`name`); null until then, while the name is only a guess (the address's local part, or the identity provider's). */
  nameChosenAt: timestamp('name_chosen_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The user a row belongs to; the row goes with them. */
const ofUser = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: ofUser(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: ofUser(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  alg: text('alg'),
  crv: text('crv'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** Fixed-window counters for sending sign-in emails, shared by every server process. */
export const sendLimit = pgTable('send_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

export const fleetMember = pgTable(
  'fleet_member',
  {
    userId: ofUser(),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleet.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['installer', 'admin'] })
      .notNull()
      .default('installer'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fleetId] }), index('fleet_member_fleet_idx').on(t.fleetId)],
);

// ---- product registry: filled by seed and admin import, never typed by installers ----

export const system = pgTable(
  'system',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleet.id, { onDelete: 'restrict' }),
    pvModuleCount: integer('pv_module_count').notNull(),
    pvModuleVersion: text('pv_module_version').notNull(),
    installedCapacityWp: integer('installed_capacity_wp').notNull(),
    controllerQuantity: integer('controller_quantity').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('system_serial_uq').on(sql`lower(${t.serialNumber})`), index('system_fleet_idx').on(t.fleetId)],
);

export const chargeController = pgTable(
  'charge_controller',
  {
    id: serial('id').primaryKey(),
    systemId: integer('system_id')
      .notNull()
      .references(() => system.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull().unique(),
    type: text('type', { enum: ['HV', 'LV'] }).notNull(),
    hardwareVersion: text('hardware_version').notNull(),
    firmwareVersion: text('firmware_version').notNull(),
    channelCount: integer('channel_count').notNull(),
    pvModulesCount: integer('pv_modules_count'),
    activeChannelCount: integer('active_channel_count'),
  },
  (t) => [index('charge_controller_system_idx').on(t.systemId)],
);

export const telematicsUnit = pgTable(
  'telematics_unit',
  {
    id: serial('id').primaryKey(),
    systemId: integer('system_id')
      .notNull()
      .references(() => system.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
    imei: text('imei').notNull().unique(),
    iccid: text('iccid').notNull().default('0'),
  },
  (t) => [index('telematics_unit_system_idx').on(t.systemId)],
);

// ---- installations ----

export const vehicle = pgTable('vehicle', {
  id: serial('id').primaryKey(),
  fleetId: integer('fleet_id')
    .notNull()
    .references(() => fleet.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['bus', 'trailer', 'truck', 'van'] }).notNull(),
  manufacturer: text('manufacturer').notNull(),
  model: text('model').notNull(),
  year: integer('year').notNull(),
  transmission: text('transmission', { enum: ['electric', 'diesel', 'petrol', 'cng'] }).notNull(),
  batteryType: text('battery_type', { enum: ['LV', 'HV', 'both'] }).notNull(),
  batteryCapacity: doublePrecision('battery_capacity').notNull(),
  batteryCapacityUnit: text('battery_capacity_unit', { enum: ['Ah', 'kWh'] }).notNull().default('kWh'),
  vin: text('vin').notNull(),
  licensePlate: text('license_plate'),
  /** Always kilometres. */
  mileage: integer('mileage').notNull().default(0),
  city: text('city'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const installation = pgTable(
  'installation',
  {
    id: serial('id').primaryKey(),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleet.id, { onDelete: 'cascade' }),
    systemId: integer('system_id')
      .notNull()
      .references(() => system.id, { onDelete: 'restrict' }),
    systemSerial: text('system_serial').notNull(),
    vehicleId: integer('vehicle_id').references(() => vehicle.id, { onDelete: 'set null' }),
    partnerId: integer('partner_id').references((): AnyPgColumn => partner.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    name: text('name').notNull(),
    status: text('status', { enum: ['draft', 'completed'] })
      .notNull()
      .default('draft'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    commissioningDate: date('commissioning_date', { mode: 'string' }),
    completionDate: date('completion_date', { mode: 'string' }),
    comments: text('comments'),
    customerDataConfirmed: boolean('customer_data_confirmed').notNull().default(false),
    /** The controller serial numbers were compared with the devices fitted (system tab). */
    systemDataConfirmed: boolean('system_data_confirmed').notNull().default(false),
    summaryDataConfirmed: boolean('summary_data_confirmed').notNull().default(false),
    proceededWithFailedChecks: boolean('proceeded_with_failed_checks').notNull().default(false),
    /** The installer's reason for going on with failed checks; cleared with the flag. */
    failedChecksReason: text('failed_checks_reason'),
    /** When a fleet admin last reopened it; cleared by the next submit. */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    /** Lower-cased name, serial number and VIN, for the list's search. */
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('installation_system_uq').on(t.systemId),
    index('installation_fleet_created_idx').on(t.fleetId, t.createdAt, t.id),
    index('installation_fleet_name_idx').on(t.fleetId, t.name, t.id),
    index('installation_fleet_start_idx').on(t.fleetId, t.startDate, t.id),
    index('installation_fleet_serial_idx').on(t.fleetId, t.systemSerial, t.id),
    index('installation_fleet_status_idx').on(t.fleetId, t.status, t.id),
    index('installation_fleet_creator_idx').on(t.fleetId, t.createdBy, t.createdAt, t.id),
    /** The fleet's most recently changed installations first: what a new one can take over (carry-over). */
    index('installation_fleet_updated_idx').on(t.fleetId, t.updatedAt, t.id),
    index('installation_fleet_completion_idx').on(t.fleetId, t.completionDate).where(sql`${t.status} = 'completed'`),
    index('installation_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** The installation a row belongs to; the row goes with it. */
const ofInstallation = () =>
  integer('installation_id')
    .notNull()
    .references(() => installation.id, { onDelete: 'cascade' });

export const physicalInspection = pgTable(
  'physical_inspection',
  {
    installationId: ofInstallation(),
    chargeControllerId: integer('charge_controller_id')
      .notNull()
      .references(() => chargeController.id, { onDelete: 'cascade' }),
    powerLed: text('power_led').notNull(),
    statusLed: text('status_led').notNull(),
    faultLed: text('fault_led').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.installationId, t.chargeControllerId] })],
);

/** Responses of writes sent with an Idempotency-Key, so a retried request is answered, not redone. */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: ofUser(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of the request's query and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull().default(''),
    statusCode: integer('status_code').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ---- digital check ----

export const systemCheckRun = pgTable(
  'system_check_run',
  {
    id: serial('id').primaryKey(),
    installationId: ofInstallation(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('system_check_run_installation_idx').on(t.installationId, t.id)],
);

export const systemCheck = pgTable(
  'system_check',
  {
    id: serial('id').primaryKey(),
    installationId: ofInstallation(),
    runId: integer('run_id')
      .notNull()
      .references(() => systemCheckRun.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['telematics-heartbeat', 'mcu-heartbeat', 'ignition-heartbeat', 'sense-line-connection'] }).notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    imei: text('imei'),
    controllerSerial: text('controller_serial'),
    totalMcu: integer('total_mcu'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('system_check_run_idx').on(t.runId),
    index('system_check_imei_idx').on(t.imei),
    index('system_check_controller_idx').on(t.controllerSerial),
    index('system_check_pending_deadline_idx').on(t.deadlineAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Raw device messages as received. */
export const heartbeat = pgTable(
  'heartbeat',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    imei: text('imei').notNull(),
    controllerSerial: text('controller_serial'),
    totalMcu: integer('total_mcu'),
    deviceTimestamp: timestamp('device_timestamp', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('heartbeat_imei_idx').on(t.imei, t.receivedAt), index('heartbeat_received_idx').on(t.receivedAt)],
);

/** Every change of a check, in order: the event stream's ids and its Last-Event-ID replay. */
export const systemCheckEvent = pgTable(
  'system_check_event',
  {
    id: serial('id').primaryKey(),
    installationId: ofInstallation(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('system_check_event_installation_idx').on(t.installationId, t.id)],
);

/**
 * One open check event stream, whichever process holds it: the per-user limit counts these rows,
 * and each process renews its own rows while their session and fleet membership last.
 */
export const eventStream = pgTable(
  'event_stream',
  {
    id: text('id').primaryKey(),
    userId: ofUser(),
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    installationId: ofInstallation(),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_stream_user_idx').on(t.userId, t.seenAt)],
);

// ---- uploads ----

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const upload = pgTable(
  'upload',
  {
    id: serial('id').primaryKey(),
    installationId: ofInstallation(),
    type: text('type').notNull(),
    format: text('format').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeKb: doublePrecision('size_kb').notNull(),
    sha256: text('sha256').notNull(),
    /** The file itself, unless it lives in an object store under `storageKey`. */
    bytes: bytea('bytes'),
    storageKey: text('storage_key'),
    /** A photo's bounded JPEG preview (at most 1600 px on the long side), made once when it is accepted: the report embeds it, never the original. */
    preview: bytea('preview'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('upload_installation_type_sha_uq').on(t.installationId, t.type, t.sha256), index('upload_installation_idx').on(t.installationId)],
);

/**
 * Objects of the object store that no row names any more, waiting to be deleted. A row is queued in
 * the same transaction that deletes the last upload naming the object, and stays until the store
 * confirms the deletion: a store that is down delays it, never forgets it.
 */
export const objectDeletion = pgTable(
  'object_deletion',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('object_deletion_due_idx').on(t.nextAttemptAt)],
);

// ---- partners of an installer company ----

export const partner = pgTable(
  'partner',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('partner_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('partner_company_email_uq').on(t.companyId, sql`lower(${t.email})`),
  ],
);

// ---- proof of work: the history of every change and the reports handed over ----

/**
 * Append-only: every write to an installation adds rows here in its own transaction; nothing
 * updates or deletes them. Not tied to the installation row, so a deleted draft keeps its history.
 * Who acted is kept as written then (name, email), so it survives the account.
 */
export const installationHistory = pgTable(
  'installation_history',
  {
    id: serial('id').primaryKey(),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleet.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id').notNull(),
    systemSerial: text('system_serial').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
  },
  (t) => [index('installation_history_installation_idx').on(t.installationId, t.id), index('installation_history_fleet_at_idx').on(t.fleetId, t.at)],
);

/**
 * One row per submit: the report's version and its verification code (unguessable, 144 random
 * bits), with what the verification page shows as it was signed.
 */
export const installationReport = pgTable(
  'installation_report',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    installationId: integer('installation_id').references(() => installation.id, { onDelete: 'set null' }),
    /** The history outlives the installation; the verification page follows it by this id. */
    historyInstallationId: integer('history_installation_id').notNull(),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleet.id, { onDelete: 'cascade' }),
    reportVersion: integer('report_version').notNull(),
    installationVersion: integer('installation_version').notNull(),
    systemSerial: text('system_serial').notNull(),
    vin: text('vin'),
    completionDate: date('completion_date', { mode: 'string' }),
    companyName: text('company_name'),
    /** What the record showed at submission (partner, installer company, submitter): later edits of those never change it. */
    snapshot: jsonb('snapshot').$type<SubmissionSnapshot>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('installation_report_version_uq').on(t.historyInstallationId, t.reportVersion)],
);

export type SubmissionSnapshot = {
  partner: { id: number; name: string; email: string } | null;
  installer: { companyName: string; companyShortName: string; companyEmail: string; installerName: string; installerEmail: string } | null;
};

/** A report's PDF once built, per language: a second download is a read. */
export const reportPdf = pgTable(
  'report_pdf',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => installationReport.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.locale] })],
);

// ---- rollout ----

/**
 * A fleet admin's subscription to the weekly rollout mail. A sending process claims due rows with
 * FOR UPDATE SKIP LOCKED and moves `nextSendAt` on in the same transaction, so each goes out once.
 */
export const rolloutSubscription = pgTable(
  'rollout_subscription',
  {
    userId: ofUser(),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleet.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: ['en', 'de'] }).notNull().default('en'),
    /** Unsubscribes without signing in (random, 144 bits). */
    token: text('token').notNull().unique(),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fleetId] }), index('rollout_subscription_due_idx').on(t.nextSendAt)],
);

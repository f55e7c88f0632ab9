import { z } from 'zod';
import { FleetRoleSchema } from './fleet';
import { EmailSchema } from './auth';
import { TimeZoneSchema } from './time';
import { FORM_ERRORS as E } from './validation';

/** Form and API messages of the operator screens beyond the shared FORM_ERRORS. */
export const OPERATOR_ERRORS = {
  invalidSlug: 'invalidSlug',
  slugReserved: 'slugReserved',
  invalidShortName: 'invalidShortName',
} as const;

/** First path segments of the web app that a fleet's slug would shadow. */
export const RESERVED_SLUGS = ['login', 'logout', 'operator', 'api', 'new'] as const;

const text = (max: number) => z.string({ error: E.required }).trim().min(1, E.required).max(max, E.tooLong);

const email = EmailSchema;

/** A fleet's slug is its address (#/{slug}): lower-case letters, digits and inner dashes, 2 to 40 characters. */
export const FleetSlugInputSchema = z
  .string({ error: E.required })
  .trim()
  .toLowerCase()
  .min(1, E.required)
  .pipe(
    z
      .string()
      .min(2, OPERATOR_ERRORS.invalidSlug)
      .max(40, E.tooLong)
      .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, OPERATOR_ERRORS.invalidSlug)
      .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), OPERATOR_ERRORS.slugReserved),
  );

/** Create and edit a fleet: its slug and name, and the customer it belongs to. Slug and name are unique. */
export const FleetInputSchema = z.object({
  slug: FleetSlugInputSchema,
  name: text(120),
  customerName: text(120),
  primaryContact: text(120),
  email,
  /** IANA name; left out, a new fleet gets DEFAULT_FLEET_TIME_ZONE and a changed one keeps its own. */
  timeZone: TimeZoneSchema.optional(),
});
export type FleetInput = z.input<typeof FleetInputSchema>;

/** The short name identifies a company in the CLI and on records: letters, digits, dot, dash, underscore. */
export const CompanyShortNameSchema = z
  .string({ error: E.required })
  .trim()
  .min(1, E.required)
  .max(20, E.tooLong)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, OPERATOR_ERRORS.invalidShortName);

/** Create and edit an installer company. Name and short name are unique, case-insensitive. */
export const CompanyInputSchema = z.object({
  name: text(120),
  shortName: CompanyShortNameSchema,
  email,
});
export type CompanyInput = z.input<typeof CompanyInputSchema>;

export const PersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof PersonSchema>;

export const OperatorFleetSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  customerName: z.string(),
  primaryContact: z.string(),
  email: z.string(),
  /** The time zone the fleet's reports print times in. */
  timeZone: z.string(),
  admins: z.array(PersonSchema),
  memberCount: z.number().int(),
});
export type OperatorFleet = z.infer<typeof OperatorFleetSchema>;
export const OperatorFleetListSchema = z.array(OperatorFleetSchema);

export const OperatorCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  email: z.string(),
  members: z.array(PersonSchema),
});
export type OperatorCompany = z.infer<typeof OperatorCompanySchema>;
export const OperatorCompanyListSchema = z.array(OperatorCompanySchema);

/** Adds a person (created when new) to an installer company; they leave any company they were in. */
export const AddCompanyMemberSchema = z.object({ email });
export type AddCompanyMember = z.input<typeof AddCompanyMemberSchema>;

/** Makes a person (created when new) a member of a fleet, by default its admin, optionally joining a company. */
export const GrantFleetSchema = z.object({
  email,
  role: FleetRoleSchema.default('admin'),
  companyId: z.number().int().positive().nullish(),
});
export type GrantFleet = z.input<typeof GrantFleetSchema>;

/** The field a 409 FLEET_EXISTS / COMPANY_EXISTS names in its details. */
export const FLEET_UNIQUE_FIELDS = ['slug', 'name'] as const;
export const COMPANY_UNIQUE_FIELDS = ['name', 'shortName'] as const;

import { z } from 'zod';

export const FLEET_ROLES = ['installer', 'admin'] as const;
export const FleetRoleSchema = z.enum(FLEET_ROLES);
export type FleetRole = z.infer<typeof FleetRoleSchema>;

export const FleetSlugSchema = z
  .string()
  .min(2)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);

export const FleetMembershipSchema = z.object({
  slug: z.string(),
  name: z.string(),
  role: FleetRoleSchema,
});
export type FleetMembership = z.infer<typeof FleetMembershipSchema>;

export const CompanySchema = z.object({
  name: z.string(),
  shortName: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

/** `GET /api/me`: the signed-in user, the company and the fleets the user may open. */
export const MeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: CompanySchema.nullable(),
  fleets: z.array(FleetMembershipSchema),
  /** The portal operator (the kit vendor's staff) manages fleets and installer companies. */
  isOperator: z.boolean().default(false),
  /**
   * Whether the person chose their display name (`name`); while false it is a guess, and a sign-in on the
   * login page asks for it. The server always says; left out, it counts as chosen.
   */
  nameChosen: z.boolean().optional(),
});
export type Me = z.infer<typeof MeSchema>;

export const FleetSchema = z.object({
  slug: z.string(),
  name: z.string(),
  role: FleetRoleSchema,
  customer: z.object({
    name: z.string(),
    primaryContact: z.string(),
    emailAddress: z.string(),
  }),
  /** Whom a member asks for help with their account (e.g. to be linked to an installer company). */
  admins: z.array(z.object({ name: z.string(), email: z.string() })).default([]),
  /** Whether the user has started an installation in this fleet: the welcome page then folds its checklist away. */
  hasOwnInstallations: z.boolean().default(false),
});
export type Fleet = z.infer<typeof FleetSchema>;

/**
 * `GET /api/fleets/{slug}/serials`: the serial numbers of the fleet's registry that have no installation
 * yet. The device keeps them, so a new installation of one of them can be started without a connection.
 */
export const FleetSerialsSchema = z.object({ serials: z.array(z.string()) });
export type FleetSerials = z.infer<typeof FleetSerialsSchema>;

/** Root redirect: the default fleet when the user may open it, else the user's first fleet. */
export function pickHomeFleet(fleets: readonly { slug: string }[], preferred: string): string | null {
  if (fleets.some((f) => f.slug === preferred)) return preferred;
  return fleets[0]?.slug ?? null;
}

/** Path of `GET /api/fleets/{slug}`. */
export const FleetSlugParamsSchema = z.object({ slug: z.string().max(100) });

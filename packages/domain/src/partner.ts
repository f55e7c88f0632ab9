import { z } from 'zod';
import { EmailSchema } from './auth';
import { FORM_ERRORS as E } from './validation';

/** A partner of the installer's company: name and email unique in the company, case-insensitive. */
export const PartnerInputSchema = z.object({
  name: z.string({ error: E.required }).trim().min(1, E.required).max(120, E.tooLong),
  email: EmailSchema,
});
export type PartnerInput = z.input<typeof PartnerInputSchema>;

export const PartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  installationCount: z.number().int(),
});
export type Partner = z.infer<typeof PartnerSchema>;

/** `GET /api/partners`. */
export const PartnerListSchema = z.array(PartnerSchema);

/** Answer of `DELETE /api/partners/{id}`: how many installations lost the partner. */
export const DeletePartnerResultSchema = z.object({ unassigned: z.number().int() });
export type DeletePartnerResult = z.infer<typeof DeletePartnerResultSchema>;

import { z } from 'zod';
import { FORM_ERRORS as E } from './validation';

// The acknowledgements of the customer and system tabs, in a module of their own: those tabs check
// them without building every schema of an installation.

/** The customer tab's acknowledgement. */
export const CustomerConfirmationSchema = z.object({
  customerDataConfirmed: z.literal(true, { error: E.confirmationRequired }),
});

/** The system tab's acknowledgement of the controller serial numbers. */
export const SystemConfirmationSchema = z.object({
  systemDataConfirmed: z.literal(true, { error: E.confirmationRequired }),
});

import { z } from 'zod';
import { FORM_ERRORS as E } from './validation';

/** The longest display name: it fits the summary, the history and the report's line. */
export const DISPLAY_NAME_MAX_LENGTH = 80;

// Tabs, line breaks, NUL, DEL and the C1 controls have no place in a name printed on one line.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** The name a person goes by in the portal: the summary, the history and the report show it. */
export const DisplayNameSchema = z
  .string({ error: E.required })
  .trim()
  .min(1, E.required)
  .max(DISPLAY_NAME_MAX_LENGTH, E.tooLong)
  .refine((name) => !CONTROL_CHARACTERS.test(name), E.invalidCharacters);

/** Body of `PATCH /api/me`. */
export const UpdateMeSchema = z.object({ displayName: DisplayNameSchema });
export type UpdateMe = z.input<typeof UpdateMeSchema>;

/**
 * A first guess at a person's name from their address, for them to confirm or correct:
 * "jana.petersen@nordbus.example" is "Jana Petersen". Digits and the part after a "+" are left out;
 * an address with no letters before the "@" gives ''.
 */
export function guessDisplayName(email: string): string {
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  return local
    .split(/[._\-\d]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('de') + word.slice(1))
    .join(' ')
    .slice(0, DISPLAY_NAME_MAX_LENGTH);
}

import { z } from 'zod';
import { LOCALES } from './constants';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, SIGN_IN_CODE_PATTERN } from './sign-in';
import { FORM_ERRORS as E } from './validation';

/**
 * The one rule for an email address, wherever a person or partner is named by one (sign-in, invites,
 * partners, the operator's screens and CLI): trimmed, lower-cased, the sign-in page's pattern, at most
 * 254 characters; its messages are form error keys.
 */
export const EmailSchema = z
  .string({ error: E.required })
  .trim()
  .toLowerCase()
  .min(1, E.required)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: E.invalidEmail }).max(EMAIL_MAX_LENGTH, E.tooLong));

export const SendSignInEmailSchema = z.object({
  email: EmailSchema,
  language: z.enum(LOCALES).optional(),
});
export type SendSignInEmail = z.infer<typeof SendSignInEmailSchema>;

export const SignInWithCodeSchema = z.object({
  email: EmailSchema,
  otp: z.string().trim().regex(SIGN_IN_CODE_PATTERN),
});
export type SignInWithCode = z.infer<typeof SignInWithCodeSchema>;

/** What `GET /config.auth.json` tells the login page. */
export const AuthConfigSchema = z.object({
  emailLink: z.boolean(),
  google: z.object({ clientId: z.string() }).nullable(),
  microsoft: z.object({ clientId: z.string() }).nullable(),
  /** A company identity provider, shown with the operator's label. */
  oidc: z.object({ label: z.string() }).nullable(),
  supportEmail: z.string(),
  demo: z.boolean(),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

/** Answer of `POST /api/auth/email/send`: the email is on its way. */
export const EmailSentSchema = z.object({ ok: z.literal(true) });

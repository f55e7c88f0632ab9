import { z } from 'zod';
import { LOCALES } from './constants';

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const SendSignInEmailSchema = z.object({
  email: EmailSchema,
  language: z.enum(LOCALES).optional(),
});
export type SendSignInEmail = z.infer<typeof SendSignInEmailSchema>;

export const SignInWithCodeSchema = z.object({
  email: EmailSchema,
  otp: z.string().trim().regex(/^\d{6}$/),
});
export type SignInWithCode = z.infer<typeof SignInWithCodeSchema>;

/** What `GET /config.auth.json` tells the login page. */
export const AuthConfigSchema = z.object({
  emailLink: z.boolean(),
  google: z.object({ clientId: z.string() }).nullable(),
  microsoft: z.object({ clientId: z.string() }).nullable(),
  supportEmail: z.string(),
  demo: z.boolean(),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

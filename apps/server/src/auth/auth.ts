import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { emailOTP, genericOAuth, jwt, magicLink } from 'better-auth/plugins';
import { sql } from 'drizzle-orm';
import { SIGN_IN_CODE_LENGTH, SIGN_IN_MAX_WRONG_CODES, SIGN_IN_TTL_SECONDS } from '@portal/domain/constants';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import { ownOrigins } from './origins';

/** What better-auth hands over while one sign-in email is being prepared. */
interface PendingMail {
  otp?: string;
  url?: string;
}
const pendingMail = new AsyncLocalStorage<PendingMail>();
/** better-auth's send hooks only hand their secret to the sign-in mail being built, if any. */
const keepForMail = (secret: PendingMail) => {
  const pending = pendingMail.getStore();
  if (pending) Object.assign(pending, secret);
};

/** The provider id of the company identity provider: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';

export interface AuthOptions {
  env: Env;
  db: Db;
  secret: string;
  /** Called once for every user that signs up through the sign-in page. */
  onUserCreated?: (userId: string) => Promise<void>;
}

/** Paths that turn a sign-in mail's code or link into a session. */
const MAIL_SIGN_IN_PATHS = new Set(['/sign-in/email-otp', '/magic-link/verify']);

/**
 * Deletes every pending code and link of an address. One mail is one secret: signing in with its
 * code burns its link and the other way round, and a newer mail burns the older one.
 */
export async function burnSignInSecrets(db: Db, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.delete(schema.verification).where(
    sql`${schema.verification.identifier} = ${`sign-in-otp-${address}`}
        or (case when ${schema.verification.identifier} like 'magic-link:%'
                 then lower(${schema.verification.value}::jsonb ->> 'email') end) = ${address}`,
  );
}

export function createAuth({ env, db, secret, onUserCreated }: AuthOptions) {
  const auth = betterAuth({
    appName: 'Installer Portal',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: ownOrigins(env),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // Sign-in mails are rate-limited by our own route (per address and per IP, in the database).
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: env.publicUrl.startsWith('https://'),
    },
    user: {
      additionalFields: {
        companyId: { type: 'number', required: false, input: false },
        isOperator: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        const email = ctx.context.newSession?.user.email;
        if (email && MAIL_SIGN_IN_PATHS.has(ctx.path)) await burnSignInSecrets(db, email);
      }),
    },
    databaseHooks: {
      // Every way of signing in starts a session: the access list shows who has not yet. Kept to the
      // day, so a change to the user row (which empties the read cache's sessions) is rare.
      session: {
        create: {
          after: async (created) => {
            await db
              .update(schema.user)
              .set({ lastSignInAt: new Date() })
              .where(sql`${schema.user.id} = ${created.userId} and (${schema.user.lastSignInAt} is null or ${schema.user.lastSignInAt} < now() - interval '1 day')`);
          },
        },
      },
      user: {
        create: {
          // Sign-up by email has no display name yet: start with the address's local part.
          before: async (user) => ({ data: { ...user, name: user.name || user.email.split('@')[0]! } }),
          after: async (user) => {
            await onUserCreated?.(user.id);
          },
        },
      },
    },
    socialProviders: {
      ...(env.google ? { google: { clientId: env.google.clientId, clientSecret: env.google.clientSecret } } : {}),
      ...(env.microsoft
        ? { microsoft: { clientId: env.microsoft.clientId, clientSecret: env.microsoft.clientSecret, tenantId: env.microsoft.tenantId } }
        : {}),
    },
    plugins: [
      // A company's own identity provider (Keycloak, Entra ID, Okta, Authentik…), found by its issuer.
      ...(env.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: `${env.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: env.oidc.clientId,
                  clientSecret: env.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
      emailOTP({
        otpLength: SIGN_IN_CODE_LENGTH,
        expiresIn: SIGN_IN_TTL_SECONDS,
        allowedAttempts: SIGN_IN_MAX_WRONG_CODES,
        storeOTP: 'hashed',
        async sendVerificationOTP({ otp }) {
          keepForMail({ otp });
        },
      }),
      magicLink({
        expiresIn: SIGN_IN_TTL_SECONDS,
        storeToken: 'hashed',
        async sendMagicLink({ url }) {
          keepForMail({ url });
        },
      }),
      jwt({
        jwt: {
          issuer: env.publicUrl,
          audience: env.publicUrl,
          expirationTime: `${env.idTokenTtlSeconds}s`,
          definePayload: ({ user, session }) => ({ sid: session.id, email: user.email, name: user.name }),
        },
      }),
    ],
  });

  /**
   * Creates a fresh one-time code and link for an address. Both come from better-auth and are
   * stored hashed; they are returned only so they can be put into one email.
   */
  async function createSignInSecrets(email: string, headers: Headers): Promise<{ otp: string; url: string }> {
    const pending: PendingMail = {};
    await burnSignInSecrets(db, email);
    await pendingMail.run(pending, async () => {
      await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, headers });
      await auth.api.signInMagicLink({
        body: { email, callbackURL: '/#/login/callback', errorCallbackURL: '/#/login/callback' },
        headers,
      });
    });
    if (!pending.otp || !pending.url) throw new Error('sign-in secrets were not produced');
    return { otp: pending.otp, url: pending.url };
  }

  /**
   * A fresh sign-in link for an address, valid as long as the link of a sign-in mail; for an
   * invitation, which needs no code. Like every new mail, it burns the address's older secrets.
   */
  async function createSignInLink(email: string, headers: Headers): Promise<string> {
    const pending: PendingMail = {};
    await burnSignInSecrets(db, email);
    await pendingMail.run(pending, async () => {
      await auth.api.signInMagicLink({
        body: { email, callbackURL: '/#/login/callback', errorCallbackURL: '/#/login/callback' },
        headers,
      });
    });
    if (!pending.url) throw new Error('sign-in link was not produced');
    return pending.url;
  }

  /** A signed ID token for a session, as `/api/auth/token` would issue it. */
  async function signIdToken(claims: { userId: string; sessionId: string; email: string; name: string }): Promise<string> {
    const { token } = await auth.api.signJWT({
      body: {
        payload: {
          sub: claims.userId,
          sid: claims.sessionId,
          email: claims.email,
          name: claims.name,
          iat: Math.floor(Date.now() / 1000),
        },
      },
    });
    return token;
  }

  return { auth, createSignInSecrets, createSignInLink, signIdToken };
}

export type Auth = ReturnType<typeof createAuth>;

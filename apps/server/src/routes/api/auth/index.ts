import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailSentSchema, SendSignInEmailSchema } from '@portal/domain/auth';
import { DEFAULT_LOCALE } from '@portal/domain/constants';
import type { ErrorCode, ErrorEnvelope } from '@portal/domain/errors';
import { MailError } from '../../../auth/mailer';
import { ownOrigins } from '../../../auth/origins';
import { buildSignInMail } from '../../../auth/sign-in-mail';
import { AppError } from '../../../errors';
import { codeOfStatus, databaseUnavailable, isDatabaseUnavailable, sendError } from '../../../plugins/error-handler';
import { publicRoute } from '../../../plugins/request-auth';
import { allowCodeGuess, allowSignInMail, forgiveCodeGuess, releaseSignInMail } from '../../../services/access/send-limit';

const tags = ['auth'];

/** The better-auth endpoints the portal uses; the rest of its surface stays closed. */
const FORWARDED: [method: 'GET' | 'POST', path: string, summary: string][] = [
  ['GET', '/magic-link/verify', 'The link of the sign-in email: signs in and redirects to the portal'],
  ['GET', '/token', 'A short-lived Bearer ID token for the session of the cookie'],
  ['GET', '/jwks', 'The public keys that verify ID tokens'],
  ['GET', '/get-session', 'The session of the cookie and its user, or null'],
  ['POST', '/sign-out', 'Ends the session of the cookie everywhere at once'],
  ['POST', '/sign-in/social', 'Starts sign-in with Google, Microsoft or the company provider: answers the address to send the browser to'],
  ['GET', '/callback/:provider', "The identity provider's redirect back: finishes sign-in and redirects to the portal"],
  ['POST', '/callback/:provider', "The identity provider's redirect back (form post): finishes sign-in and redirects to the portal"],
];

/** better-auth's codes, in the portal's vocabulary. */
const CODE_MAP: Record<string, ErrorCode> = {
  INVALID_OTP: 'INVALID_CODE',
  OTP_EXPIRED: 'CODE_EXPIRED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  INVALID_TOKEN: 'INVALID_LINK',
};

function toEnvelope(status: number, body: unknown): ErrorEnvelope {
  const b = (body && typeof body === 'object' ? body : {}) as { code?: string; message?: string };
  const mapped = b.code ? CODE_MAP[b.code] : undefined;
  const code = mapped ?? (status === 401 ? 'UNAUTHORIZED' : status >= 500 ? 'INTERNAL_ERROR' : codeOfStatus(status));
  const message =
    status >= 500 ? 'An unexpected error occurred' : (b.message ?? (status === 401 ? 'Sign-in required' : 'The request could not be completed'));
  return { status, code, message };
}

/**
 * The session token lives only in the httpOnly cookie; page scripts never see it, at the top of an
 * answer or in its session (get-session), nor the session's IP address and user agent.
 */
function withoutSessionToken(text: string): string {
  if (!text.startsWith('{')) return text;
  try {
    const { token: _token, ...rest } = JSON.parse(text) as Record<string, unknown>;
    if (rest.session && typeof rest.session === 'object') {
      const { token: _sessionToken, ipAddress: _ip, userAgent: _agent, ...session } = rest.session as Record<string, unknown>;
      rest.session = session;
    }
    return JSON.stringify(rest);
  } catch {
    return text;
  }
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, createSignInSecrets } = app.auth;
  const origins = ownOrigins(app.env);

  // Sign-in writes come from the portal's own pages only (no login CSRF from other sites). A page
  // opened at another address than PUBLIC_URL is told which address to open instead.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST') return;
    const origin = request.headers.origin;
    if (origin && !origins.includes(origin)) {
      throw new AppError('FORBIDDEN', `This page was opened at ${origin}, but the portal's address (PUBLIC_URL) is ${app.env.publicUrl}. Open the portal there to sign in.`, {
        origin,
        publicUrl: app.env.publicUrl,
      });
    }
  });

  /** `refuseFailure`: a refusal of better-auth is answered with this error instead. */
  async function forward(request: FastifyRequest, reply: FastifyReply, refuseFailure?: AppError) {
    const route = request.routeOptions.url?.replace('/api/auth', '');
    const url = new URL(request.url, app.env.publicUrl);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
    headers.set('x-forwarded-for', request.ip);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (route === '/sign-in/social' && (request.body as { provider?: unknown } | undefined)?.provider === 'oidc' && !app.isOidcReady()) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Company sign-in is not available right now: its identity provider has not answered. Please use another way to sign in.');
    }
    if (await isDatabaseUnavailable(app)) throw databaseUnavailable();
    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? {})) : undefined,
      }),
    );
    // better-auth turns a lost database into a 500, a 401 that would sign the user out, a redirect
    // with an error, or even a sign-out that did not happen: ask the database first, and again
    // after a refusal, so an outage answers 503 like on every other route.
    if (response.status >= 400 && (await isDatabaseUnavailable(app))) throw databaseUnavailable();
    if (response.status >= 400 && refuseFailure) throw refuseFailure;
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
      reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    if (response.status >= 400) {
      let body: unknown = undefined;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return sendError(reply, toEnvelope(response.status, body));
    }
    return reply.send(route === '/token' ? text : withoutSessionToken(text));
  }

  for (const [method, url, summary] of FORWARDED) {
    app.route({ method, url, ...publicRoute({ tags, summary }), handler: forward });
  }

  // Code guesses are counted per address and per client before the code is looked at. Once the
  // address's limit is reached every attempt gets the same answer, whether the code was right or not;
  // once the client's is, only wrong codes are refused (a depot's NAT is one client for many people).
  app.post(
    '/sign-in/email-otp',
    publicRoute({ tags, summary: 'Signs in with the 6-digit code of the sign-in email; sets the session cookie' }),
    async (request, reply) => {
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? body.email : '';
      const tooMany = () => new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please wait a while and try again, or use the link in the email.');
      const allowed = await allowCodeGuess(app.db, app.env.codeGuessLimit, email, request.ip);
      if (allowed === 'address') throw tooMany();
      await forward(request, reply, allowed === 'client' ? tooMany() : undefined);
      if (reply.statusCode === 200) await forgiveCodeGuess(app.db, email, request.ip);
      return reply;
    },
  );

  app.post(
    '/email/send',
    publicRoute({ tags, summary: 'Sends one email with a 6-digit sign-in code and a sign-in link', body: SendSignInEmailSchema, response: { 200: EmailSentSchema } }),
    async (request) => {
      const { email, language } = request.body;
      if (!(await allowSignInMail(app.db, app.env.sendLimit, email, request.ip))) {
        throw new AppError('RATE_LIMITED', 'Too many sign-in emails were requested. Please wait a few minutes and try again.');
      }
      const headers = new Headers({ origin: app.env.publicUrl, 'x-forwarded-for': request.ip });
      const { otp, url } = await createSignInSecrets(email, headers);
      try {
        await app.mailer.send(buildSignInMail(email, otp, url, language ?? DEFAULT_LOCALE));
      } catch (error) {
        request.log.error({ err: error }, 'sign-in email could not be sent');
        await releaseSignInMail(app.db, email, request.ip);
        if (error instanceof MailError && error.permanent) {
          throw new AppError('EMAIL_UNDELIVERABLE', "This address can't receive mail. Check it for typos or use another one.");
        }
        throw new AppError('SERVICE_UNAVAILABLE', 'The email could not be sent. Please try again in a few minutes.');
      }
      return { ok: true as const };
    },
  );
};

export default authRoutes;

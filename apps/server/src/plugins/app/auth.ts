import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthConfig } from '@portal/domain/auth';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { createAuth, type Auth } from '../../auth/auth';
import { createMailer, type Mailer } from '../../auth/mailer';
import { watchOidcDiscovery } from '../../auth/oidc-discovery';
import { grantDemoAccess } from '../../db/seed';
import type { Metrics } from '../metrics';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mailer: Mailer;
    /** Whether company sign-in (OIDC) can be offered: its provider's discovery has answered. */
    isOidcReady: () => boolean;
  }
}

/** How long start-up waits for the first discovery answer before it goes on (and keeps asking in the background). */
const FIRST_DISCOVERY_WAIT_MS = 3_000;

/** Counts every mail by its outcome for the metrics. */
function countedMailer(metrics: Metrics, mailer: Mailer): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
        metrics.mails.inc({ result: 'sent' });
      } catch (error) {
        metrics.mails.inc({ result: 'failed' });
        throw error;
      }
    },
  };
}

/**
 * Sign-in (sessions, providers) and the mailer of sign-in links, counted in the metrics; the
 * sign-in options the web app reads at `/config.auth.json`.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { secret: string; mailer?: Mailer }) => {
  const { env, db } = app;
  app.decorate(
    'auth',
    createAuth({ env, db, secret: options.secret, onUserCreated: env.demo ? (userId) => grantDemoAccess(db, userId) : undefined }),
  );
  app.decorate(
    'mailer',
    countedMailer(
      app.metrics,
      options.mailer ??
        createMailer({
          smtpUrl: env.smtpUrl,
          from: env.mailFrom,
          outboxDir: path.join(env.dataDir, 'outbox'),
          log: app.log,
          timeoutMs: env.mailTimeoutMs,
          isProduction: env.isProduction,
        }),
    ),
  );

  const discovery = env.oidc ? watchOidcDiscovery(env.oidc.issuer, app.log, { retryMs: env.oidc.discoveryRetryMs }) : null;
  app.decorate('isOidcReady', () => discovery?.isReady ?? false);
  if (discovery) {
    app.addHook('onClose', async () => discovery.stop());
    await Promise.race([discovery.started, new Promise((resolve) => setTimeout(resolve, FIRST_DISCOVERY_WAIT_MS).unref())]);
  }

  app.get('/config.auth.json', { schema: { hide: true } }, async (): Promise<AuthConfig> => ({
    emailLink: true,
    google: env.google ? { clientId: env.google.clientId } : null,
    microsoft: env.microsoft ? { clientId: env.microsoft.clientId } : null,
    oidc: env.oidc && discovery?.isReady ? { label: env.oidc.label } : null,
    supportEmail: SUPPORT_EMAIL,
    demo: env.demo,
  }));
});

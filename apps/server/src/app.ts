import path from 'node:path';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from './auth/mailer';
import type { Database } from './db/client';
import type { Env } from './env';
import { serverPackageDir } from './package-dir';
import { authPlugin } from './plugins/app/auth';
import { checkEventsPlugin } from './plugins/app/check-events';
import { databasePlugin } from './plugins/app/database';
import { readCachePlugin } from './plugins/app/read-cache';
import { drainingPlugin } from './plugins/app/draining';
import { fileStorePlugin } from './plugins/app/file-store';
import { placesPlugin } from './plugins/app/places';
import { simulatorPlugin } from './plugins/app/simulator';
import { systemChecksPlugin } from './plugins/app/system-checks';
import { helmetPlugin } from './plugins/external/helmet';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { staticPlugin } from './plugins/external/static';
import { swaggerPlugin } from './plugins/external/swagger';
import { errorHandlerPlugin, sendClientError, sendFrameworkError } from './plugins/error-handler';
import { idempotencyPlugin } from './plugins/idempotency';
import { metricsPlugin } from './plugins/metrics';
import { requestAuthPlugin } from './plugins/request-auth';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { requestGuardPlugin } from './plugins/request-guard';
import authRoutes from './routes/api/auth/index';
import fleetRoutes from './routes/api/fleets/index';
import healthRoutes from './routes/api/health/index';
import controllerRoutes from './routes/api/chargecontrollers/index';
import deviceRoutes from './routes/api/devices/index';
import installationRoutes from './routes/api/installations/index';
import systemCheckRoutes from './routes/api/installations/system-checks';
import summaryRoutes from './routes/api/installations/summary';
import reportRoutes from './routes/api/installations/report';
import verifyRoutes from './routes/api/verify/index';
import uploadRoutes from './routes/api/installations/uploads';
import adminRoutes from './routes/api/admin/index';
import historyExportRoutes from './routes/api/admin/history';
import operatorRoutes from './routes/api/operator/index';
import rolloutRoutes from './routes/api/fleets/rollout';
import rolloutMailRoutes from './routes/api/rollout/index';
import { rolloutMailPlugin } from './plugins/app/rollout-mail';
import partnerRoutes from './routes/api/partners/index';
import meRoutes from './routes/api/me/index';
import placeRoutes from './routes/api/places/index';
import systemRoutes from './routes/api/systems/index';
import vehicleRoutes from './routes/api/vehicles/index';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    /** Keys that devices present in X-API-Key. */
    deviceKeys: string[];
    /** Every route as registered, for tests that must cover the whole API surface. */
    routeTable: { method: string; url: string; isPublic: boolean }[];
  }
}

export interface AppOptions {
  env: Env;
  database: Database;
  /** Secret for sessions and the encrypted signing keys; stable across restarts and processes. */
  authSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the outbox or SMTP, e.g. to read sign-in mails in tests. */
  mailer?: Mailer;
  /** Device keys in addition to DEVICE_API_KEYS (the demo simulator's own key). */
  extraDeviceKeys?: string[];
}

/** Log output is written in blocks of this size while requests keep coming... */
const LOG_BLOCK_BYTES = 8192;
/** ...and at least this often, so that the lines of a quiet server show up at once. */
const LOG_FLUSH_MS = 1000;

const DEFAULT_WEB_DIST = path.resolve(serverPackageDir(), '../web/dist');

/** A hop count: the addresses the nearest `hops` proxies saw are believed. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Request lines are logged without their query: sign-in links carry one-time tokens there. */
const requestSerializer = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
  ip: req.ip,
});

/** One log line per request, written when it is answered, with the request line in it (not two). */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(options: AppOptions) {
  const { env } = options;
  // Log lines go out asynchronously (written when the event loop is free, flushed on close): a slow
  // terminal or disk never holds up a request. Under load they are written in blocks of at least
  // LOG_BLOCK_BYTES instead of one write per request; a quiet server's lines follow within a second.
  const logDestination =
    options.logger === undefined && env.logLevel !== 'silent'
      ? pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES, periodicFlush: LOG_FLUSH_MS })
      : null;
  const app = Fastify({
    logger: options.logger ?? { level: env.logLevel, serializers: { req: requestSerializer }, ...(logDestination ? { stream: logDestination } : {}) },
    logController: new OneLinePerRequest(),
    // On shutdown idle keep-alive sockets close at once; requests in flight finish, new ones get 503.
    forceCloseConnections: 'idle',
    // Our own hook below answers with the error envelope instead.
    return503OnClosing: false,
    // Behind a reverse proxy the client's own address (X-Forwarded-For) is what limits and logs see.
    trustProxy: typeof env.trustProxy === 'number' ? trustHops(env.trustProxy) : env.trustProxy,
    bodyLimit: env.requestLimits.bodyBytes,
    routerOptions: { maxParamLength: env.requestLimits.paramLength },
    // Router refusals (414, malformed paths) answer the error envelope too.
    frameworkErrors: sendFrameworkError,
    // So do the HTTP parser's refusals: 431, a malformed request line or chunk, conflicting lengths.
    clientErrorHandler: sendClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ validate: !env.isProduction }));
  if (logDestination) {
    app.addHook('onClose', (_app, done) => {
      try {
        logDestination.flushSync();
      } catch {
        /* nothing buffered, or the output is gone */
      }
      done();
    });
  }

  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, isPublic: Boolean(route.config?.public) });
    }
  });
  app.decorate('env', env);
  app.decorate('deviceKeys', [...env.deviceApiKeys, ...(options.extraDeviceKeys ?? [])]);

  await app.register(databasePlugin, { database: options.database });
  await app.register(metricsPlugin);
  await app.register(readCachePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(requestGuardPlugin);
  await app.register(drainingPlugin);
  await app.register(helmetPlugin);
  await app.register(swaggerPlugin, { publicUrl: env.publicUrl });
  await app.register(rateLimitPlugin);
  await app.register(fileStorePlugin);
  await app.register(placesPlugin);
  await app.register(simulatorPlugin);
  await app.register(systemChecksPlugin);
  await app.register(checkEventsPlugin);
  await app.register(authPlugin, { secret: options.authSecret, mailer: options.mailer });
  await app.register(rolloutMailPlugin, { intervalMs: env.rolloutMailIntervalMs });
  await app.register(requestAuthPlugin);
  await app.register(idempotencyPlugin);

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(fleetRoutes, { prefix: '/api/fleets' });
  await app.register(rolloutRoutes, { prefix: '/api/fleets' });
  await app.register(rolloutMailRoutes, { prefix: '/api/rollout-mail' });
  await app.register(installationRoutes, { prefix: '/api/installations' });
  await app.register(systemCheckRoutes, { prefix: '/api/installations' });
  await app.register(uploadRoutes, { prefix: '/api/installations' });
  await app.register(summaryRoutes, { prefix: '/api/installations' });
  await app.register(reportRoutes, { prefix: '/api/installations' });
  await app.register(verifyRoutes, { prefix: '/api/verify' });
  await app.register(partnerRoutes, { prefix: '/api/partners' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(historyExportRoutes, { prefix: '/api/admin' });
  await app.register(operatorRoutes, { prefix: '/api/operator' });
  await app.register(deviceRoutes, { prefix: '/api/devices' });
  await app.register(vehicleRoutes, { prefix: '/api/vehicles' });
  await app.register(systemRoutes, { prefix: '/api/systems' });
  await app.register(controllerRoutes, { prefix: '/api/chargecontrollers' });
  await app.register(placeRoutes, { prefix: '/api/mapbox/locations' });


  await app.register(staticPlugin, { webDist: env.webDist ?? DEFAULT_WEB_DIST });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

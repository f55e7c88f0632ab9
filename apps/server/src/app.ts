import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
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
import { createLogging } from './plugins/logger';
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
import carryOverRoutes from './routes/api/fleets/carry-over';
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

const DEFAULT_WEB_DIST = path.resolve(serverPackageDir(), '../web/dist');

/** A hop count: the addresses the nearest `hops` proxies saw are believed. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions) {
  const { env } = options;
  const logging = createLogging(env, options.logger);
  const app = Fastify({
    ...logging.fastifyOptions,
    // close() closes idle keep-alive sockets at once (server.ts first leaves them to the proxy for a while);
    // requests in flight finish.
    forceCloseConnections: 'idle',
    // Requests that still arrive on open connections while closing are served, with Connection: close (plugins/app/draining.ts).
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
  await app.register(logging.plugin);

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
  await app.register(carryOverRoutes, { prefix: '/api/fleets' });
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

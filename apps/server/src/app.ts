import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthConfig } from '@portal/domain/auth';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { createAuth, type Auth } from './auth/auth';
import { createMailer, type Mailer } from './auth/mailer';
import type { Database, Db } from './db/client';
import { grantDemoAccess } from './db/seed';
import type { Env } from './env';
import { AppError } from './errors';
import { answeringFileStore, createS3FileStore, type FileStore } from './services/file-store';
import { devicesOfChecks, heartbeatsForDevices, postHeartbeats } from './simulator/simulator';
import { checkEventsPlugin } from './plugins/check-events';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler';
import { idempotencyPlugin } from './plugins/idempotency';
import { metricsPlugin, type Metrics } from './plugins/metrics';
import { objectDeletionsPlugin } from './plugins/object-deletions';
import { openApiPlugin } from './plugins/openapi';
import { requestAuthPlugin } from './plugins/request-auth';
import { PERMISSIONS_POLICY } from './plugins/security-headers';
import { registerWebIndex } from './plugins/web-index';
import { requestGuardPlugin } from './plugins/request-guard';
import authRoutes from './routes/api/auth/index';
import fleetRoutes from './routes/api/fleets/index';
import healthRoutes from './routes/api/health/index';
import controllerRoutes from './routes/api/chargecontrollers/index';
import deviceRoutes from './routes/api/devices/index';
import installationRoutes from './routes/api/installations/index';
import systemCheckRoutes from './routes/api/installations/system-checks';
import summaryRoutes from './routes/api/installations/summary';
import uploadRoutes from './routes/api/installations/uploads';
import adminRoutes from './routes/api/admin/index';
import operatorRoutes from './routes/api/operator/index';
import partnerRoutes from './routes/api/partners/index';
import meRoutes from './routes/api/me/index';
import placeRoutes from './routes/api/places/index';
import systemRoutes from './routes/api/systems/index';
import vehicleRoutes from './routes/api/vehicles/index';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
    db: Db;
    auth: Auth;
    mailer: Mailer;
    /** Keys that devices present in X-API-Key. */
    deviceKeys: string[];
    /** The object store of upload bytes (S3_*), or null when they live in the database. */
    fileStore: FileStore | null;
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

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Request lines are logged without their query: sign-in links carry one-time tokens there. */
const requestSerializer = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
  ip: req.ip,
});

export async function buildApp(options: AppOptions) {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: env.logLevel, serializers: { req: requestSerializer } },
    // On shutdown idle keep-alive sockets close at once; requests in flight finish, new ones get 503.
    forceCloseConnections: 'idle',
    // Our own hook below answers with the error envelope instead.
    return503OnClosing: false,
    trustProxy: false,
    bodyLimit: env.requestLimits.bodyBytes,
    routerOptions: { maxParamLength: env.requestLimits.paramLength },
    // Router refusals (414, malformed paths) answer the error envelope too.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, isPublic: Boolean(route.config?.public) });
    }
  });
  app.decorate('env', env);
  app.decorate('deviceKeys', [...env.deviceApiKeys, ...(options.extraDeviceKeys ?? [])]);
  app.decorate('database', database);
  app.decorate('fileStore', env.s3 ? answeringFileStore(createS3FileStore(env.s3)) : null);
  app.decorate('db', database.db);
  app.decorate(
    'auth',
    createAuth({
      env,
      db: database.db,
      secret: options.authSecret,
      onUserCreated: env.demo ? (userId) => grantDemoAccess(database.db, userId) : undefined,
    }),
  );
  await app.register(metricsPlugin);
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

  await app.register(errorHandlerPlugin);
  await app.register(requestGuardPlugin);

  // Draining: once close() began, new requests get 503 so the load balancer sends them elsewhere.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!isClosing) return;
    reply.header('connection', 'close');
    throw new AppError('SERVICE_UNAVAILABLE', 'The server is restarting. Please try again in a moment.');
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the label scanner compile its WebAssembly reader (served from this
        // origin, loaded only when a scan starts); it allows no eval() of script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Style elements Mantine adds at run time carry the page's nonce (see plugins/web-index.ts).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: env.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    enableCSPNonces: true,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });

  await app.register(openApiPlugin, { publicUrl: env.publicUrl });

  await app.register(checkEventsPlugin, {
    // Demo mode: the simulated gateways of a system report a few seconds after its checks start.
    onRunStarted:
      env.simulator && app.deviceKeys[0]
        ? ({ checks }) => {
            const address = app.server.address();
            if (!address || typeof address === 'string') return;
            const heartbeats = heartbeatsForDevices(devicesOfChecks(checks));
            setTimeout(() => {
              postHeartbeats(`http://127.0.0.1:${address.port}`, app.deviceKeys[0]!, heartbeats).catch((error) =>
                app.log.warn({ err: error }, 'device simulator could not post heartbeats'),
              );
            }, env.simulatorDelayMs).unref();
          }
        : undefined,
  });
  await app.register(objectDeletionsPlugin, { intervalMs: env.objectDeletionIntervalMs });
  await app.register(requestAuthPlugin);
  await app.register(idempotencyPlugin);

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(fleetRoutes, { prefix: '/api/fleets' });
  await app.register(installationRoutes, { prefix: '/api/installations' });
  await app.register(systemCheckRoutes, { prefix: '/api/installations' });
  await app.register(uploadRoutes, { prefix: '/api/installations' });
  await app.register(summaryRoutes, { prefix: '/api/installations' });
  await app.register(partnerRoutes, { prefix: '/api/partners' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(operatorRoutes, { prefix: '/api/operator' });
  await app.register(deviceRoutes, { prefix: '/api/devices' });
  await app.register(vehicleRoutes, { prefix: '/api/vehicles' });
  await app.register(systemRoutes, { prefix: '/api/systems' });
  await app.register(controllerRoutes, { prefix: '/api/chargecontrollers' });
  await app.register(placeRoutes, { prefix: '/api/mapbox/locations' });

  app.get('/config.auth.json', { schema: { hide: true } }, async (): Promise<AuthConfig> => ({
    emailLink: true,
    google: env.google ? { clientId: env.google.clientId } : null,
    microsoft: env.microsoft ? { clientId: env.microsoft.clientId } : null,
    oidc: env.oidc ? { label: env.oidc.label } : null,
    supportEmail: SUPPORT_EMAIL,
    demo: env.demo,
  }));

  const webDist = env.webDist ?? DEFAULT_WEB_DIST;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // index.html is templated per response (its CSP nonce): registerWebIndex serves it.
      index: false,
      globIgnore: ['index.html', 'index.html.*'],
      // The build writes .br and .gz next to each asset; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; index.html must always be fresh.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    registerWebIndex(app, webDist);
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

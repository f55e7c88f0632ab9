import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './services/access/client-address';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: optional,
    DATABASE_DIRECT_URL: optional,
    DATABASE_POOLER: z.enum(['none', 'session', 'transaction']).default('none'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(4000),
    PUBLIC_URL: optional,
    AUTH_SECRET: optional,
    DEMO: z.enum(['true', 'false', '1', '0']).optional(),
    SMTP_URL: optional,
    MAIL_FROM: z.string().default('Installer Portal <no-reply@localhost>'),
    MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    MICROSOFT_CLIENT_ID: optional,
    MICROSOFT_CLIENT_SECRET: optional,
    MICROSOFT_TENANT_ID: z
      .string()
      .regex(/^(common|organizations|consumers|[0-9a-f-]{36}|[a-z0-9.-]+\.[a-z]{2,})$/i, 'a tenant id (GUID), a verified domain, or common/organizations/consumers')
      .default('common'),
    OIDC_ISSUER: z.url().optional().or(z.literal('').transform(() => undefined)),
    OIDC_CLIENT_ID: optional,
    OIDC_CLIENT_SECRET: optional,
    OIDC_LABEL: optional,
    OIDC_DISCOVERY_RETRY_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
    MAPBOX_TOKEN: optional,
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: optional,
    TRUST_PROXY: optional,
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    JSON_MAX_DEPTH: z.coerce.number().int().min(2).max(1000).default(32),
    MAX_PARAM_LENGTH: z.coerce.number().int().min(16).max(8192).default(100),
    ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
    SEND_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    SEND_LIMIT_PER_IP: z.coerce.number().int().min(1).default(200),
    SEND_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
    CODE_GUESS_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    CODE_GUESS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
    CODE_GUESS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60 * 60),
    WEB_DIST: optional,
    DEVICE_API_KEYS: optional,
    CHECK_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
    CHECK_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    SSE_KEEPALIVE_MS: z.coerce.number().int().min(100).default(15_000),
    EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10),
    EVENT_STREAM_CHECK_MS: z.coerce.number().int().min(50).max(30_000).default(10_000),
    HEARTBEAT_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    HEARTBEAT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    HEARTBEAT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    SIMULATOR: z.enum(['true', 'false', '1', '0']).optional(),
    SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).default(3000),
    S3_BUCKET: optional,
    OBJECT_DELETION_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
    ROLLOUT_MAIL_INTERVAL_MS: z.coerce.number().int().min(0).default(5 * 60_000),
    S3_ENDPOINT: optional,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
    INSPECTION_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
    INSPECTION_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(128),
    INSPECTION_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
    INSPECTION_MAX_INFLATED_MB: z.coerce.number().int().min(1).max(1024).default(64),
    REPORT_TIMEOUT_MS: z.coerce.number().int().min(1).default(20_000),
    REPORT_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(256),
    UPLOAD_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(2),
    UPLOAD_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(15_000),
  })
  .transform((e) => {
    const isProduction = e.NODE_ENV === 'production';
    const demo = e.DEMO ? e.DEMO === 'true' || e.DEMO === '1' : !isProduction;
    return {
      nodeEnv: e.NODE_ENV,
      isProduction,
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      database: {
        directUrl: e.DATABASE_DIRECT_URL,
        pooler: e.DATABASE_POOLER,
        poolSize: e.DATABASE_POOL_SIZE,
        connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      },
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      authSecret: e.AUTH_SECRET,
      demo,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      mailTimeoutMs: e.MAIL_TIMEOUT_MS,
      objectDeletionIntervalMs: e.OBJECT_DELETION_INTERVAL_MS,
      rolloutMailIntervalMs: e.ROLLOUT_MAIL_INTERVAL_MS,
      metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST },
      google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
          ? { clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET, tenantId: e.MICROSOFT_TENANT_ID }
          : null,
      oidc:
        e.OIDC_ISSUER && e.OIDC_CLIENT_ID
          ? { issuer: e.OIDC_ISSUER.replace(/\/+$/, ''), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, label: e.OIDC_LABEL ?? 'Company sign-in', discoveryRetryMs: e.OIDC_DISCOVERY_RETRY_MS }
          : null,
      mapboxToken: e.MAPBOX_TOKEN,
      logLevel: e.LOG_LEVEL,
      trustProxyValue: e.TRUST_PROXY,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      requestLimits: { bodyBytes: e.BODY_LIMIT_BYTES, jsonDepth: e.JSON_MAX_DEPTH, paramLength: e.MAX_PARAM_LENGTH },
      idTokenTtlSeconds: e.ID_TOKEN_TTL_SECONDS,
      sendLimit: {
        perEmail: e.SEND_LIMIT_PER_EMAIL,
        perIp: e.SEND_LIMIT_PER_IP,
        windowSeconds: e.SEND_LIMIT_WINDOW_SECONDS,
      },
      codeGuessLimit: {
        perEmail: e.CODE_GUESS_LIMIT_PER_EMAIL,
        perIp: e.CODE_GUESS_LIMIT_PER_IP,
        windowSeconds: e.CODE_GUESS_WINDOW_SECONDS,
      },
      webDist: e.WEB_DIST,
      deviceApiKeys: (e.DEVICE_API_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      checkWindowSeconds: e.CHECK_WINDOW_SECONDS,
      checkSweepIntervalMs: e.CHECK_SWEEP_INTERVAL_MS,
      sseKeepAliveMs: e.SSE_KEEPALIVE_MS,
      eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
      eventStreamCheckMs: e.EVENT_STREAM_CHECK_MS,
      heartbeatRateLimit: { max: e.HEARTBEAT_RATE_LIMIT, windowSeconds: e.HEARTBEAT_RATE_WINDOW_SECONDS },
      heartbeatRetentionDays: e.HEARTBEAT_RETENTION_DAYS,
      simulator: e.SIMULATOR ? e.SIMULATOR === 'true' || e.SIMULATOR === '1' : demo,
      simulatorDelayMs: e.SIMULATOR_DELAY_MS,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
          }
        : null,
      inspection: {
        timeoutMs: e.INSPECTION_TIMEOUT_MS,
        memoryMb: e.INSPECTION_MEMORY_MB,
        workers: e.INSPECTION_WORKERS,
        maxInflatedBytes: e.INSPECTION_MAX_INFLATED_MB * 1024 * 1024,
      },
      reports: { timeoutMs: e.REPORT_TIMEOUT_MS, memoryMb: e.REPORT_MEMORY_MB, maxQueued: 16 },
      uploads: {
        maxConcurrent: e.UPLOAD_MAX_CONCURRENT,
        waitMs: e.UPLOAD_QUEUE_WAIT_MS,
        maxWaiting: e.UPLOAD_MAX_CONCURRENT * 4,
      },
    };
  });

export type Env = z.infer<typeof EnvSchema> & { trustProxy: boolean | number | string[] };

export class EnvError extends Error {}

/** Parses the environment once at start-up; nothing else reads process.env. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  let trustProxy: ReturnType<typeof parseTrustProxy>;
  try {
    trustProxy = parseTrustProxy(parsed.data.trustProxyValue);
  } catch (error) {
    throw new EnvError((error as Error).message);
  }
  const env = { ...parsed.data, trustProxy };
  if (env.isProduction && !env.authSecret) {
    throw new EnvError('AUTH_SECRET must be set when NODE_ENV=production (at least 32 random characters).');
  }
  if (env.database.pooler === 'transaction' && env.databaseUrl && !env.database.directUrl) {
    throw new EnvError(
      'DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL: a connection to PostgreSQL itself (or to a pooler in session mode) for LISTEN and the migration lock, which a transaction pooler does not keep.',
    );
  }
  if (env.authSecret && env.authSecret.length < 32) {
    throw new EnvError('AUTH_SECRET must be at least 32 characters long.');
  }
  return env;
}

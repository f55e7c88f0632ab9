import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HEARTBEAT_MAX_AGE_SECONDS,
  HEARTBEAT_MAX_FUTURE_SECONDS,
  HeartbeatBatchSchema,
  HeartbeatResultSchema,
  heartbeatTimestampProblem,
  type Heartbeat,
  type HeartbeatResult,
} from '@portal/domain/system-check';
import { AppError } from '../../../errors';

const digest = (s: string) => createHash('sha256').update(s).digest();

const REJECTION_MESSAGES = {
  TIMESTAMP_TOO_OLD: `The timestamp is more than ${HEARTBEAT_MAX_AGE_SECONDS / 3600} hours old`,
  TIMESTAMP_IN_FUTURE: `The timestamp is more than ${HEARTBEAT_MAX_FUTURE_SECONDS / 60} minutes in the future`,
} as const;

const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.deviceKeys.map(digest);
  const { max, windowSeconds } = app.env.heartbeatRateLimit;

  app.post(
    '/heartbeats',
    {
      config: {
        public: true,
        // After the key check (onRequest), before the body is read: a flood costs one counter update per request.
        // Counted per device key in the database (plugins/external/rate-limit.ts), across every server process.
        rateLimit: {
          max,
          timeWindow: windowSeconds * 1000,
          hook: 'preParsing',
          keyGenerator: (request) => `device:${String(request.headers['x-api-key'])}`,
          errorResponseBuilder: (_request, context) =>
            new AppError('RATE_LIMITED', `Too many heartbeat requests for this device key. Try again in ${context.after}.`),
        },
      },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['devices'],
        summary:
          'Heartbeats from telematics gateways (one or a batch); authenticated with X-API-Key, never a user token. Timestamps more than 24 h old or 5 min ahead are refused per item; requests per key are rate-limited',
        security: [{ deviceKey: [] }],
        body: HeartbeatBatchSchema,
        response: { 202: HeartbeatResultSchema },
      },
      onRequest: async (request) => {
        const header = request.headers['x-api-key'];
        const given = typeof header === 'string' ? digest(header) : null;
        if (!given || !keys.some((k) => timingSafeEqual(k, given))) {
          throw new AppError('UNAUTHORIZED', 'A valid device key (X-API-Key) is required');
        }
      },
    },
    async (request, reply) => {
      const batch = Array.isArray(request.body) ? request.body : [request.body];
      const now = new Date();
      const accepted: Heartbeat[] = [];
      const rejected: HeartbeatResult['rejected'] = [];
      batch.forEach((heartbeat, index) => {
        const problem = heartbeatTimestampProblem(heartbeat.timestamp, now);
        if (problem) rejected.push({ index, code: problem, message: REJECTION_MESSAGES[problem] });
        else accepted.push(heartbeat);
      });
      const stored = accepted.length ? await app.systemChecks.ingest(accepted) : { received: 0, matched: 0 };
      return reply.status(202).send({ ...stored, rejected });
    },
  );
};

export default deviceRoutes;

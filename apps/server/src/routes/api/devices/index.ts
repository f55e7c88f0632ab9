import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeartbeatBatchSchema, HeartbeatResultSchema } from '@portal/domain/system-check';
import { AppError } from '../../../errors';

const digest = (s: string) => createHash('sha256').update(s).digest();

const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.deviceKeys.map(digest);

  app.post(
    '/heartbeats',
    {
      config: { public: true },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['devices'],
        summary: 'Heartbeats from telematics gateways (one or a batch); authenticated with X-API-Key, never a user token',
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
      return reply.status(202).send(await app.systemChecks.ingest(batch));
    },
  );
};

export default deviceRoutes;

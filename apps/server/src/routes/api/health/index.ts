import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Answers 200 while the database is reachable, 503 when it is not',
        response: { 200: z.object({ status: z.literal('ok'), engine: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ok' as const, engine: app.database.engine };
    },
  );
};

export default healthRoutes;

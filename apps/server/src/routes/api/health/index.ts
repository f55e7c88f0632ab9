import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LivenessSchema, ReadinessSchema } from '@portal/domain/health';
import { AppError } from '../../../errors';
import { publicRoute } from '../../../plugins/request-auth';

const tags = ['health'];

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. A load balancer or orchestrator restarts it only when this fails.
  app.get(
    '/',
    publicRoute({ tags, summary: 'Liveness: answers 200 while the process serves requests (503 once it shuts down)', response: { 200: LivenessSchema } }),
    async () => ({ status: 'ok' as const, engine: app.database.engine }),
  );

  // Readiness: what this process needs is reachable. A load balancer takes it out of rotation meanwhile.
  app.get(
    '/ready',
    publicRoute({
      tags,
      summary: 'Readiness: 200 while the database and the object store (if any) are reachable, 503 naming the one that is not',
      response: { 200: ReadinessSchema },
    }),
    async () => {
      const [database, objectStore] = await Promise.all([
        app.database.ping().then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        ),
        app.fileStore
          ? app.fileStore.check().then(
              () => 'ok' as const,
              () => 'unreachable' as const,
            )
          : ('none' as const),
      ]);
      if (database !== 'ok' || objectStore === 'unreachable') {
        const what = [database !== 'ok' && 'the database', objectStore === 'unreachable' && 'the object store'].filter(Boolean).join(' and ');
        throw new AppError('SERVICE_UNAVAILABLE', `Not ready: ${what} is not reachable`, { database, objectStore });
      }
      return { status: 'ok' as const, engine: app.database.engine, database, objectStore };
    },
  );
};

export default healthRoutes;

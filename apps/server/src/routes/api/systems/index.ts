import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SystemParamsSchema, SystemSchema } from '@portal/domain/system';
import { notFound } from '../../../errors';
import { loadSystem } from '../../../services/installations/read-model';
import { findScopedSystem } from '../../../services/installations/repository';

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:serialNumber',
    {
      schema: {
        tags: ['systems'],
        summary: 'A system of the registry with its customer, charge controllers and telematics',
        params: SystemParamsSchema,
        response: { 200: SystemSchema },
      },
    },
    async (request) => {
      const row = await findScopedSystem(app.db, request.fleets.ids, request.params.serialNumber);
      if (!row) throw notFound('System');
      return loadSystem(app.db, row.id);
    },
  );
};

export default systemRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ControllerParamsSchema, ControllerSetupResultSchema, ControllerSetupSchema } from '@portal/domain/setup';
import { currentUser } from '../../../plugins/request-auth';
import { saveControllerSetup } from '../../../services/installations/save-setup';

const controllerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:serialNumber',
    {
      schema: {
        tags: ['charge controllers'],
        summary: 'Saves the setup of one charge controller (by serial number or id); version and inspection are optional',
        params: ControllerParamsSchema,
        body: ControllerSetupSchema,
        response: { 200: ControllerSetupResultSchema },
      },
    },
    async (request) => {
      const fleetIds = request.fleets.ids;
      return saveControllerSetup(app.db, fleetIds, currentUser(request).userId, request.params.serialNumber, request.body);
    },
  );
};

export default controllerRoutes;

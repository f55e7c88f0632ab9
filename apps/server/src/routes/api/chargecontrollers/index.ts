import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ControllerSetupResultSchema, ControllerSetupSchema } from '@portal/domain/setup';
import { callerFleetIds } from '../../../services/fleet-scope';
import { saveControllerSetup } from '../../../services/installations';

const controllerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:serialNumber',
    {
      schema: {
        tags: ['charge controllers'],
        summary: 'Saves the setup of one charge controller (by serial number or id); version and inspection are optional',
        params: z.object({ serialNumber: z.string().min(1).max(64) }),
        body: ControllerSetupSchema,
        response: { 200: ControllerSetupResultSchema },
      },
    },
    async (request) => {
      const fleetIds = await callerFleetIds(app.db, request);
      return saveControllerSetup(app.db, fleetIds, request.params.serialNumber, request.body);
    },
  );
};

export default controllerRoutes;

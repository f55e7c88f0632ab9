import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ControllerSetupResultSchema, ControllerSetupSchema } from '@portal/domain/setup';
import { notFound } from '../../../errors';
import { currentUser } from '../../../plugins/request-auth';
import { callerFleetIds } from '../../../services/fleet-scope';
import { findInstallationOfController, saveSetup } from '../../../services/installations';

const controllerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:serialNumber',
    {
      schema: {
        tags: ['charge controllers'],
        summary: 'Saves the setup of one charge controller (by serial number or id)',
        params: z.object({ serialNumber: z.string().min(1).max(64) }),
        body: ControllerSetupSchema,
        response: { 200: ControllerSetupResultSchema },
      },
    },
    async (request) => {
      const fleetIds = await callerFleetIds(app.db, request);
      const owner = await findInstallationOfController(app.db, fleetIds, request.params.serialNumber);
      const { installationId, version, ...setup } = request.body;
      if (owner.installationId !== installationId) throw notFound('Charge controller');
      const row = await saveSetup(app.db, fleetIds, currentUser(request).userId, installationId, { version, controllers: [{ serialNumber: owner.serialNumber, ...setup }] });
      return { serialNumber: owner.serialNumber, ...setup, version: row.version };
    },
  );
};

export default controllerRoutes;

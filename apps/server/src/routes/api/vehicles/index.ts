import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SaveVehicleSchema, VehicleSchema } from '@portal/domain/vehicle';
import { IdParamsSchema as IdParams } from '@portal/domain/ids';
import { currentUser } from '../../../plugins/request-auth';
import { readScopedVehicle, updateScopedVehicle } from '../../../services/installations/vehicles';

const tags = ['vehicles'];

const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id', { schema: { tags, summary: 'A vehicle of an installation', params: IdParams, response: { 200: VehicleSchema } } }, async (request) => {
    return readScopedVehicle(app.db, request.fleets.ids, request.params.id);
  });

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: "Updates a vehicle; `version` is its installation's version",
        params: IdParams,
        body: SaveVehicleSchema,
        response: { 200: VehicleSchema },
      },
    },
    async (request) => updateScopedVehicle(app.db, request.fleets.ids, currentUser(request).userId, request.params.id, request.body),
  );
};

export default vehicleRoutes;

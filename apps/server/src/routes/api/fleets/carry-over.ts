import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CarryOverQuerySchema, CarryOverSchema } from '@portal/domain/carry-over';
import { FleetSlugParamsSchema } from '@portal/domain/fleet';
import { currentUser } from '../../../plugins/request-auth';
import { readCarryOver } from '../../../services/installations/carry-over';

const carryOverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:slug/installations/carry-over',
    {
      schema: {
        tags: ['installations'],
        summary:
          "What a new installation can take over in a fleet: the vehicle (never its VIN, licence plate or mileage) and the setup of the caller's last installation there or of the one named by `from`, the next installation name, and the fleet's recent vehicles to pick from; `for` is the installation being filled in",
        params: FleetSlugParamsSchema,
        querystring: CarryOverQuerySchema,
        response: { 200: CarryOverSchema },
      },
    },
    async (request) => {
      const fleet = request.fleets.bySlug(request.params.slug);
      return readCarryOver(app.db, { fleetId: fleet.id, userId: currentUser(request).userId }, request.query);
    },
  );
};

export default carryOverRoutes;

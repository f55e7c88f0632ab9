import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VersionSchema } from '@portal/domain/installation';
import { VehicleInputSchema, VehicleSchema } from '@portal/domain/vehicle';
import { vehicle } from '../../../db/schema';
import { currentUser } from '../../../plugins/request-auth';
import { callerFleetIds } from '../../../services/fleet-scope';
import { findInstallationOfVehicle, saveVehicle, toVehicle } from '../../../services/installations';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['vehicles'];

const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id', { schema: { tags, summary: 'A vehicle of an installation', params: IdParams, response: { 200: VehicleSchema } } }, async (request) => {
    await findInstallationOfVehicle(app.db, await callerFleetIds(app.db, request), request.params.id);
    const [row] = await app.db.select().from(vehicle).where(eq(vehicle.id, request.params.id));
    return toVehicle(row!);
  });

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: "Updates a vehicle; `version` is its installation's version",
        params: IdParams,
        body: z.intersection(VehicleInputSchema, z.object({ version: VersionSchema })),
        response: { 200: VehicleSchema },
      },
    },
    async (request) => {
      const fleetIds = await callerFleetIds(app.db, request);
      const installationId = await findInstallationOfVehicle(app.db, fleetIds, request.params.id);
      const { version, ...data } = request.body;
      await saveVehicle(app.db, fleetIds, currentUser(request).userId, installationId, version, VehicleInputSchema.parse(data));
      const [row] = await app.db.select().from(vehicle).where(eq(vehicle.id, request.params.id));
      return toVehicle(row!);
    },
  );
};

export default vehicleRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FleetSchema, FleetSerialsSchema, FleetSlugParamsSchema } from '@portal/domain/fleet';
import { currentUser } from '../../../plugins/request-auth';
import { listMembers, requireFleetMembership } from '../../../services/access/access';
import { hasStartedInstallation, openSerials } from '../../../services/installations/repository';

const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:slug',
    {
      schema: {
        tags: ['fleets'],
        summary: 'A fleet the user is a member of, with its customer; 404 for any other',
        params: FleetSlugParamsSchema,
        response: { 200: FleetSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { fleet, role } = await requireFleetMembership(app.db, me.userId, request.params.slug);
      const [members, own] = await Promise.all([
        listMembers(app.db, fleet.id),
        hasStartedInstallation(app.db, fleet.id, me.userId),
      ]);
      const admins = members.filter((m) => m.role === 'admin').map(({ name, email }) => ({ name, email }));
      return {
        admins,
        hasOwnInstallations: own,
        slug: fleet.slug,
        name: fleet.name,
        role,
        customer: { name: fleet.customerName, primaryContact: fleet.primaryContact, emailAddress: fleet.email },
      };
    },
  );

  app.get(
    '/:slug/serials',
    {
      schema: {
        tags: ['fleets'],
        summary: "The serial numbers of the fleet's registry without an installation: the device keeps them to start a new installation offline",
        params: FleetSlugParamsSchema,
        response: { 200: FleetSerialsSchema },
      },
    },
    async (request) => {
      const { fleet } = await requireFleetMembership(app.db, currentUser(request).userId, request.params.slug);
      return { serials: await openSerials(app.db, fleet.id) };
    },
  );
};

export default fleetRoutes;

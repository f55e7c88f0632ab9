import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FleetSchema, FleetSlugParamsSchema } from '@portal/domain/fleet';
import { currentUser } from '../../../plugins/request-auth';
import { listMembers, requireFleetMembership } from '../../../services/access/access';
import { hasStartedInstallation } from '../../../services/installations/repository';

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
};

export default fleetRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AddCompanyMemberSchema,
  CompanyInputSchema,
  FleetInputSchema,
  GrantFleetSchema,
  OperatorCompanyListSchema,
  OperatorCompanySchema,
  OperatorFleetListSchema,
  OperatorFleetSchema,
} from '@portal/domain/operator';
import { IdParamsSchema as IdParams } from '@portal/domain/ids';
import { FleetSlugParamsSchema } from '@portal/domain/fleet';
import { OperatorRolloutListSchema, RolloutFilterSchema, RolloutSchema } from '@portal/domain/rollout';
import { operatorRollout, rolloutFleet, rolloutOverview } from '../../../services/reports/rollout';
import { AppError } from '../../../errors';
import { currentUser } from '../../../plugins/request-auth';
import {
  addCompanyMember,
  createCompany,
  createFleet,
  grantFleetById,
  listCompanies,
  listFleets,
  updateCompany,
  updateFleet,
} from '../../../services/access/operator';

const tags = ['operator'];

/** The options of the routes that create (201) and change (by id) a fleet or an installer company: one input schema, one answer schema. */
const saveRouteOptions = <Input extends z.ZodType, Saved extends z.ZodType>(body: Input, saved: Saved) => ({
  create: (summary: string) => ({ schema: { tags, summary, body, response: { 201: saved } } }),
  update: (summary: string) => ({ schema: { tags, summary, params: IdParams, body, response: { 200: saved } } }),
});
const fleetSave = saveRouteOptions(FleetInputSchema, OperatorFleetSchema);
const companySave = saveRouteOptions(CompanyInputSchema, OperatorCompanySchema);

/** The portal operator's routes: fleets, installer companies and who belongs to them. Everyone else gets 403. */
const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!currentUser(request).isOperator) throw new AppError('FORBIDDEN', 'You do not have permission to access this page.');
  });

  app.get('/fleets', { schema: { tags, summary: 'Every fleet with its customer and admins', response: { 200: OperatorFleetListSchema } } }, async () => listFleets(app.db));

  app.post('/fleets', fleetSave.create('Creates a fleet; a taken slug or name answers 409 FLEET_EXISTS'), async (request, reply) =>
    reply.status(201).send(await createFleet(app.db, request.body)),
  );

  app.put('/fleets/:id', fleetSave.update("Changes a fleet's slug, name or customer"), async (request) => updateFleet(app.db, request.params.id, request.body));

  app.post(
    '/fleets/:id/members',
    {
      schema: {
        tags,
        summary: 'Grants a person (created when new) the fleet, by default as its admin; with companyId they join that company',
        params: IdParams,
        body: GrantFleetSchema,
        response: { 200: OperatorFleetSchema },
      },
    },
    async (request) => grantFleetById(app.db, request.params.id, request.body),
  );

  app.get(
    '/rollout',
    { schema: { tags, summary: "Every fleet's rollout in one row: registry size, done, completed this week, failed checks, stalled", response: { 200: OperatorRolloutListSchema } } },
    async () => operatorRollout(app.db),
  );

  app.get(
    '/fleets/:slug/rollout',
    {
      schema: {
        tags,
        summary: "A fleet's rollout page, read-only, without the operator joining the fleet",
        params: FleetSlugParamsSchema,
        querystring: RolloutFilterSchema,
        response: { 200: RolloutSchema },
      },
    },
    async (request) => {
      const fleet = await rolloutFleet(app.db, request.params.slug);
      return rolloutOverview(app.db, { fleetId: fleet.id, slug: fleet.slug, name: fleet.name, stallDays: fleet.stallDays, share: null, readOnly: true }, request.query);
    },
  );

  app.get(
    '/companies',
    { schema: { tags, summary: 'Every installer company with its members', response: { 200: OperatorCompanyListSchema } } },
    async () => listCompanies(app.db),
  );

  app.post('/companies', companySave.create('Creates an installer company; a taken name or short name answers 409 COMPANY_EXISTS'), async (request, reply) =>
    reply.status(201).send(await createCompany(app.db, request.body)),
  );

  app.put('/companies/:id', companySave.update('Changes an installer company'), async (request) => updateCompany(app.db, request.params.id, request.body));

  app.post(
    '/companies/:id/members',
    { schema: { tags, summary: 'Puts a person (created when new) into the company', params: IdParams, body: AddCompanyMemberSchema, response: { 200: OperatorCompanySchema } } },
    async (request) => (await addCompanyMember(app.db, request.params.id, request.body)).company,
  );
};

export default operatorRoutes;

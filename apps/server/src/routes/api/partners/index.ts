import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeletePartnerResultSchema, PartnerInputSchema, PartnerListSchema, PartnerSchema } from '@portal/domain/partner';
import { IdParamsSchema as IdParams } from '@portal/domain/ids';
import { currentUser } from '../../../plugins/request-auth';
import { createPartner, deletePartner, listPartners, updatePartner } from '../../../services/installations/partners';

const tags = ['partners'];

const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags, summary: "The partners of the installer's company, each with the number of its installations in the caller's fleets", response: { 200: PartnerListSchema } } }, async (request) =>
    listPartners(app.db, currentUser(request).companyId, request.fleets.ids),
  );
  app.post('/', { schema: { tags, summary: 'Adds a partner (name and email unique in the company)', body: PartnerInputSchema, response: { 201: PartnerSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPartner(app.db, currentUser(request).companyId, request.body)),
  );
  app.put('/:id', { schema: { tags, summary: 'Changes a partner: drafts that show it follow, each with a history entry; completed installations keep the partner as submitted; 403 when a draft of a fleet the caller is no member of shows it', params: IdParams, body: PartnerInputSchema, response: { 200: PartnerSchema } } }, async (request) =>
    updatePartner(app.db, currentUser(request).companyId, request.fleets.ids, request.params.id, request.body, currentUser(request).userId),
  );
  app.delete(
    '/:id',
    { schema: { tags, summary: 'Deletes a partner and unassigns its drafts, each with a history entry; completed installations keep the partner as submitted; 403 when a draft of a fleet the caller is no member of shows it', params: IdParams, response: { 200: DeletePartnerResultSchema } } },
    async (request) => deletePartner(app.db, currentUser(request).companyId, request.fleets.ids, request.params.id, currentUser(request).userId),
  );
};

export default partnerRoutes;

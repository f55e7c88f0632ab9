import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstallationSchema } from '@portal/domain/installation';
import { InstallationSummarySchema, SubmitInstallationSchema } from '@portal/domain/summary';
import { IdParamsSchema as IdParams } from '@portal/domain/ids';
import { currentUser } from '../../../plugins/request-auth';
import { readSummary, submitInstallation } from '../../../services/summary';

const tags = ['installations'];

const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/summary',
    { schema: { tags, summary: 'Everything the summary tab shows, in one call', params: IdParams, response: { 200: InstallationSummarySchema } } },
    async (request) => readSummary(app.db, request.fleets.ids, request.params.id),
  );

  app.post(
    '/:id/submit',
    {
      schema: {
        tags,
        summary: 'Completes the installation; repeating it answers the same. 422 names what is missing.',
        params: IdParams,
        body: SubmitInstallationSchema,
        response: { 200: InstallationSchema },
      },
    },
    async (request, reply) => {
      const { installation, alreadyCompleted } = await submitInstallation(app.db, request.fleets.ids, currentUser(request), request.params.id, request.body);
      if (alreadyCompleted) reply.header('idempotent-replay', 'true');
      return installation;
    },
  );
};

export default summaryRoutes;

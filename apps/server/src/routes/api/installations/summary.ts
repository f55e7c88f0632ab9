import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstallationSchema } from '@portal/domain/installation';
import { InstallationSummarySchema, SubmitInstallationSchema } from '@portal/domain/summary';
import { currentUser } from '../../../plugins/request-auth';
import { submitInstallation } from '../../../services/installations/submit';
import { readSummary } from '../../../services/reports/summary';
import { onInstallation } from './on-installation';

const tags = ['installations'];

const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/summary',
    { schema: onInstallation(tags, 'Everything the summary tab shows, in one call', { response: { 200: InstallationSummarySchema } }) },
    async (request) => readSummary(app.db, request.fleets.ids, request.params.id),
  );

  app.post(
    '/:id/submit',
    { schema: onInstallation(tags, 'Completes the installation; repeating it answers the same. 422 names what is missing.', { body: SubmitInstallationSchema, response: { 200: InstallationSchema } }) },
    async (request, reply) => {
      const { installation, alreadyCompleted } = await submitInstallation(app.db, request.fleets.ids, currentUser(request), request.params.id, request.body);
      if (alreadyCompleted) reply.header('idempotent-replay', 'true');
      return installation;
    },
  );
};

export default summaryRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '@portal/domain/constants';
import { UnsubscribeParamsSchema } from '@portal/domain/rollout';
import { publicRoute } from '../../../plugins/request-auth';
import { subscriptionByToken, unsubscribe } from '../../../services/reports/rollout-mail';

const tags = ['rollout'];

/** The weekly rollout mail's unsubscribe link: works without signing in, by the link's token alone. */
const rolloutMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:token',
    publicRoute({
      tags,
      summary: 'The fleet and address an unsubscribe link stops the weekly rollout mail for; 404 once it is used',
      params: UnsubscribeParamsSchema,
      response: { 200: z.object({ fleet: z.string(), email: z.string(), locale: z.enum(LOCALES) }) },
    }),
    async (request) => subscriptionByToken(app.db, request.params.token),
  );

  app.post(
    '/:token/unsubscribe',
    publicRoute({ tags, summary: 'Stops the weekly rollout mail of the link; using it again changes nothing', params: UnsubscribeParamsSchema }),
    async (request, reply) => {
      await unsubscribe(app.db, request.params.token);
      return reply.status(204).send();
    },
  );
};

export default rolloutMailRoutes;

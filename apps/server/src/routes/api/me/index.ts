import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeSchema } from '@portal/domain/fleet';
import { currentToken, sessionExpired } from '../../../plugins/request-auth';
import { createMeReader } from '../../../services/access/access';

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const readMe = createMeReader(app.db, app.readCache);
  app.get(
    '/',
    {
      config: { sessionInQuery: true },
      schema: { tags: ['me'], summary: 'The signed-in user, the company and the fleets the user may open', response: { 200: MeSchema } },
    },
    async (request) => {
      const me = await readMe(currentToken(request));
      if (!me) throw sessionExpired();
      return me;
    },
  );
};

export default meRoutes;

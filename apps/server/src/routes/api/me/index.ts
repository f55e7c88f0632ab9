import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeSchema } from '@portal/domain/fleet';
import { UpdateMeSchema } from '@portal/domain/person';
import { currentToken, currentUser, sessionExpired } from '../../../plugins/request-auth';
import { createMeReader, setDisplayName } from '../../../services/access/access';

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

  app.patch(
    '/',
    {
      schema: {
        tags: ['me'],
        summary: "Sets the signed-in person's display name (1 to 80 characters, trimmed, no control characters); answers the user as GET does",
        body: UpdateMeSchema,
        response: { 200: MeSchema },
      },
    },
    async (request) => {
      await setDisplayName(app.db, currentUser(request).userId, request.body.displayName);
      // The answer is read after this process has heard of the change, not from the session it held before.
      await app.readCache.settle();
      const me = await readMe(currentToken(request));
      if (!me) throw sessionExpired();
      return me;
    },
  );
};

export default meRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeSchema } from '@portal/domain/fleet';
import { currentUser } from '../../../plugins/request-auth';
import { findCompanyProfile, listMemberships } from '../../../services/access';

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags: ['me'], summary: 'The signed-in user, the company and the fleets the user may open', response: { 200: MeSchema } } },
    async (request) => {
      const me = currentUser(request);
      const [fleets, companyRow] = await Promise.all([
        listMemberships(app.db, me.userId),
        findCompanyProfile(app.db, me.companyId),
      ]);
      return { id: me.userId, name: me.name, email: me.email, company: companyRow, fleets, isOperator: me.isOperator };
    },
  );
};

export default meRoutes;

import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeSchema } from '@portal/domain/fleet';
import { company } from '../../../db/schema';
import { currentUser } from '../../../plugins/request-auth';
import { listMemberships } from '../../../services/access';

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags: ['me'], summary: 'The signed-in user, the company and the fleets the user may open', response: { 200: MeSchema } } },
    async (request) => {
      const me = currentUser(request);
      const [fleets, companyRow] = await Promise.all([
        listMemberships(app.db, me.userId),
        me.companyId
          ? app.db
              .select({ name: company.name, shortName: company.shortName, email: company.email })
              .from(company)
              .where(eq(company.id, me.companyId))
              .then((rows) => rows[0] ?? null)
          : Promise.resolve(null),
      ]);
      return { id: me.userId, name: me.name, email: me.email, company: companyRow, fleets, isOperator: me.isOperator };
    },
  );
};

export default meRoutes;

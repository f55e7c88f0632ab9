import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VerificationParamsSchema, VerificationSchema } from '@portal/domain/history';
import { AppError } from '../../../errors';
import { publicRoute } from '../../../plugins/request-auth';
import { verifyReport } from '../../../services/reports/reports';

/** The public verification page's data: no sign-in, and nothing beyond what the page shows. */
const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:code',
    publicRoute({
      tags: ['verify'],
      summary: 'Whether a report is still as signed (public, no token): serial number, VIN, completion date, company',
      params: VerificationParamsSchema,
      response: { 200: VerificationSchema },
    }),
    async (request, reply) => {
      // A malformed code is answered like an unknown one: the answer says nothing about the format.
      if (!/^[A-Za-z0-9_-]{24}$/.test(request.params.code)) throw new AppError('NOT_FOUND', 'No report has this verification code');
      reply.header('cache-control', 'no-store');
      return verifyReport(app.db, request.params.code);
    },
  );
};

export default verifyRoutes;

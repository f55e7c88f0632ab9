import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HistoryExportQuerySchema } from '@portal/domain/history';
import { FleetParamsSchema } from '@portal/domain/registry';
import { fleetHistoryCsv } from '../../../services/reports/exports';

/** Fleet admins download the history of every installation of their fleet for a range of days. */
const historyExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:fleet/history.csv',
    {
      schema: {
        tags: ['admin'],
        summary: "The fleet's installation history between two days (both included, UTC) as CSV",
        params: FleetParamsSchema,
        querystring: HistoryExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const fleetId = request.fleets.adminOf(request.params.fleet);
      const { from, to } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="history-${request.params.fleet}-${from}-${to}.csv"`)
        .send(await fleetHistoryCsv(app.db, fleetId, from, to));
    },
  );
};

export default historyExportRoutes;

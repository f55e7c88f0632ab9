import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { HistoryListSchema, ReopenInstallationSchema, ReportQuerySchema } from '@portal/domain/history';
import { InstallationListQuerySchema, InstallationSchema } from '@portal/domain/installation';
import { currentUser } from '../../../plugins/request-auth';
import { installationExportRows, INSTALLATION_EXPORT_COLUMNS, toCsv, toXlsx } from '../../../services/reports/exports';
import { listHistory } from '../../../services/reports/history';
import { findScopedInstallation } from '../../../services/installations/repository';
import { createReportRenderer } from '../../../services/reports/report-renderer';
import { reopenInstallation } from '../../../services/installations/reopen';
import { reportPdf } from '../../../services/reports/reports';
import { onInstallation } from './on-installation';

const tags = ['installations'];
const ExportQuerySchema = InstallationListQuerySchema.omit({ page: true, pageSize: true, sort: true, order: true, ownDraftsFirst: true, tz: true });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report of a completed installation, its history, reopening it, and the list's exports. */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const renderer = createReportRenderer(app.env.reports);
  app.addHook('onClose', () => renderer.close());
  const exportRows = async (request: FastifyRequest & { query: z.infer<typeof ExportQuerySchema> }) =>
    installationExportRows(app.db, request.fleets.bySlug(request.query.fleet).id, request.query, currentUser(request));

  app.get(
    '/export.csv',
    { schema: { tags, summary: "The fleet's installations as CSV, with the list's search and filters", querystring: ExportQuerySchema, produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await toCsv(INSTALLATION_EXPORT_COLUMNS, await exportRows(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="installations-${request.query.fleet}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/export.xlsx',
    { schema: { tags, summary: "The fleet's installations as an Excel workbook, with the list's search and filters", querystring: ExportQuerySchema, produces: [XLSX_TYPE] } },
    async (request, reply) => {
      const xlsx = await toXlsx(INSTALLATION_EXPORT_COLUMNS, await exportRows(request));
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename="installations-${request.query.fleet}.xlsx"`).send(xlsx);
    },
  );

  app.get(
    '/:id/report.pdf',
    {
      schema: onInstallation(tags, 'The report of a completed installation as PDF, in English or German, with a QR code to its public verification page', {
        querystring: ReportQuerySchema,
        produces: ['application/pdf'],
        response: { 409: ErrorEnvelopeSchema.describe('The installation is not completed (INSTALLATION_NOT_COMPLETED)') },
      }),
    },
    async (request, reply) => {
      const { pdf, fileName } = await reportPdf(app.db, app.fileStore, renderer, request.fleets.ids, request.params.id, request.query.lang, (code) => `${app.env.publicUrl}/#/verify/${code}`);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        // The documented 409 types the reply; the PDF itself has no JSON schema.
        .send(pdf as never);
    },
  );

  app.get(
    '/:id/history',
    { schema: onInstallation(tags, 'Every change of the installation, newest first (append-only)', { response: { 200: HistoryListSchema } }) },
    async (request) => {
      const row = await findScopedInstallation(app.db, request.fleets.ids, request.params.id);
      return listHistory(app.db, row.id);
    },
  );

  app.post(
    '/:id/reopen',
    {
      schema: onInstallation(tags, 'Takes a completed installation back to draft with a reason (fleet admins only); the next submit signs a new report version', {
        body: ReopenInstallationSchema,
        response: { 200: InstallationSchema, 403: ErrorEnvelopeSchema.describe('Only an admin of the fleet may reopen (FORBIDDEN)') },
      }),
    },
    async (request) => {
      return reopenInstallation(app.db, currentUser(request), request.params.id, request.body);
    },
  );
};

export default reportRoutes;

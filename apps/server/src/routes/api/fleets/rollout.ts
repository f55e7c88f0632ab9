import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { FleetSlugParamsSchema } from '@portal/domain/fleet';
import { RolloutFilterSchema, RolloutSchema, RolloutSettingsInputSchema, RolloutSettingsSchema } from '@portal/domain/rollout';
import { currentUser } from '../../../plugins/request-auth';
import { rolloutCsv, rolloutFleet, rolloutOverview, rolloutXlsx, type RolloutScope } from '../../../services/reports/rollout';
import { rolloutSettings, saveRolloutSettings } from '../../../services/reports/rollout-mail';

const tags = ['rollout'];

/**
 * The rollout of a fleet the caller belongs to (404 for any other): admins see the whole fleet,
 * installers their installer company's share.
 */
async function scopeOf(request: FastifyRequest, slug: string): Promise<RolloutScope> {
  const member = request.fleets.bySlug(slug);
  const me = currentUser(request);
  const fleet = await rolloutFleet(request.server.db, member.slug);
  return {
    fleetId: fleet.id,
    slug: fleet.slug,
    name: fleet.name,
    stallDays: fleet.stallDays,
    share: member.role === 'admin' ? null : { companyId: me.companyId, userId: me.userId },
    readOnly: false,
  };
}

/** The two downloads of exactly the systems the page shows. */
const exports = [
  { ext: 'csv', mime: 'text/csv', contentType: 'text/csv; charset=utf-8', summary: 'The systems the rollout filters select, one row each, as CSV', build: rolloutCsv },
  {
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    summary: 'The same rows as an Excel workbook',
    build: rolloutXlsx,
  },
] as const;

const rolloutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:slug/rollout',
    {
      schema: {
        tags,
        summary: "The fleet's rollout: counts per status, completions per day or week by installer company, counts by city and company, and what needs attention",
        params: FleetSlugParamsSchema,
        querystring: RolloutFilterSchema,
        response: { 200: RolloutSchema },
      },
    },
    async (request) => rolloutOverview(app.db, await scopeOf(request, request.params.slug), request.query),
  );

  for (const file of exports) {
    app.get(
      `/:slug/rollout.${file.ext}`,
      { schema: { tags, summary: file.summary, params: FleetSlugParamsSchema, querystring: RolloutFilterSchema, produces: [file.mime] } },
      async (request, reply) => {
        const scope = await scopeOf(request, request.params.slug);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="rollout-${scope.slug}.${file.ext}"`)
          .send(await file.build(app.db, scope, request.query));
      },
    );
  }

  app.get(
    '/:slug/rollout/settings',
    { schema: { tags, summary: "The fleet's stall days and the admin's weekly mail subscription (admins only)", params: FleetSlugParamsSchema, response: { 200: RolloutSettingsSchema } } },
    async (request) => rolloutSettings(app.db, request.fleets.adminOf(request.params.slug), currentUser(request).userId),
  );

  app.put(
    '/:slug/rollout/settings',
    {
      schema: {
        tags,
        summary: "Changes the fleet's stall days, or subscribes the admin to the weekly rollout mail (in their language) or unsubscribes them",
        params: FleetSlugParamsSchema,
        body: RolloutSettingsInputSchema,
        response: { 200: RolloutSettingsSchema },
      },
    },
    async (request) => saveRolloutSettings(app.db, request.fleets.adminOf(request.params.slug), currentUser(request).userId, request.body),
  );
};

export default rolloutRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOCALE } from '@portal/domain/constants';
import {
  FleetParamsSchema as FleetParams,
  ImportReportSchema,
  InviteMemberSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberRoleSchema,
  RegistryImportQuerySchema,
  RegistryListSchema,
  RegistryQuerySchema,
} from '@portal/domain/registry';
import { buildInvitationMail } from '../../../auth/sign-in-mail';
import { AppError } from '../../../errors';
import { currentUser } from '../../../plugins/request-auth';
import { grantFleet, listMembers, removeMember, setMemberRole } from '../../../services/access/access';
import { exportRegistry, importRegistry, listRegistry } from '../../../services/access/registry';

const tags = ['admin'];

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // CSV arrives as text; the JSON routes keep their parser.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.get(
    '/:fleet/systems',
    {
      schema: {
        tags,
        summary: 'The product registry of a fleet',
        params: FleetParams,
        querystring: RegistryQuerySchema,
        response: { 200: RegistryListSchema },
      },
    },
    async (request) => listRegistry(app.db, request.fleets.adminOf(request.params.fleet), request.query),
  );

  app.post(
    '/:fleet/systems/import',
    {
      schema: {
        tags,
        summary: 'Imports systems from CSV (one row per charge controller). dryRun=true only reports; otherwise all rows or none.',
        params: FleetParams,
        querystring: RegistryImportQuerySchema,
        body: z.string().min(1).max(5 * 1024 * 1024),
        response: { 200: ImportReportSchema },
      },
    },
    async (request) => {
      const fleetId = request.fleets.adminOf(request.params.fleet);
      return importRegistry(app.db, fleetId, request.body, request.query.dryRun === 'true');
    },
  );

  app.get('/:fleet/systems/export', { schema: { tags, summary: 'The registry as CSV, in the import format', params: FleetParams } }, async (request, reply) => {
    const fleetId = request.fleets.adminOf(request.params.fleet);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="registry-${request.params.fleet}.csv"`)
      .send(await exportRegistry(app.db, fleetId));
  });

  app.get('/:fleet/members', { schema: { tags, summary: 'Members of the fleet', params: FleetParams, response: { 200: MemberListSchema } } }, async (request) =>
    listMembers(app.db, request.fleets.adminOf(request.params.fleet)),
  );

  app.post(
    '/:fleet/members',
    {
      schema: {
        tags,
        summary: 'Invites a user by email with a role (creates the user when needed) and emails them',
        params: FleetParams,
        body: InviteMemberSchema,
        response: { 201: MemberListSchema },
      },
    },
    async (request, reply) => {
      const fleetId = request.fleets.adminOf(request.params.fleet);
      const existing = (await listMembers(app.db, fleetId)).find((m) => m.email === request.body.email);
      if (existing) throw new AppError('CONFLICT', `${request.body.email} is already a member of this fleet`, { field: 'email' });
      // A new user joins the inviting admin's company, so partners and the summary's installer data work.
      await grantFleet(app.db, { email: request.body.email, fleet: request.params.fleet, role: request.body.role, companyId: currentUser(request).companyId });
      try {
        await app.mailer.send(buildInvitationMail(request.body.email, request.params.fleet, app.env.publicUrl, request.body.language ?? DEFAULT_LOCALE));
      } catch (error) {
        request.log.warn({ err: error }, 'invitation email could not be sent; the access is granted');
      }
      return reply.status(201).send(await listMembers(app.db, fleetId));
    },
  );

  app.put(
    '/:fleet/members/:userId',
    { schema: { tags, summary: "Changes a member's role (a fleet keeps at least one admin)", params: MemberParamsSchema, body: MemberRoleSchema, response: { 200: MemberListSchema } } },
    async (request) => {
      const fleetId = request.fleets.adminOf(request.params.fleet);
      await setMemberRole(app.db, fleetId, request.params.userId, request.body.role);
      return listMembers(app.db, fleetId);
    },
  );

  app.delete(
    '/:fleet/members/:userId',
    { schema: { tags, summary: 'Removes a member (never the last admin)', params: MemberParamsSchema, response: { 200: MemberListSchema } } },
    async (request) => {
      const fleetId = request.fleets.adminOf(request.params.fleet);
      await removeMember(app.db, fleetId, request.params.userId);
      return listMembers(app.db, fleetId);
    },
  );
};

export default adminRoutes;

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOCALE, type Locale } from '@portal/domain/constants';
import {
  FleetParamsSchema as FleetParams,
  ImportReportSchema,
  InvitationResultSchema,
  InviteMemberSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberRoleSchema,
  RegistryImportQuerySchema,
  RegistryListSchema,
  RegistryQuerySchema,
  ResendInvitationSchema,
} from '@portal/domain/registry';
import { buildInvitationMail } from '../../../auth/sign-in-mail';
import { AppError } from '../../../errors';
import { currentUser } from '../../../plugins/request-auth';
import { grantFleet, invitationOf, listMembers, removeMember, setMemberRole } from '../../../services/access/access';
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

  /** Mails a member a sign-in link with the fleet's name and who invited them; false when the mail could not be sent. */
  async function sendInvitation(request: FastifyRequest, fleetId: number, userId: string, language: Locale | undefined): Promise<boolean> {
    const { email, fleetName } = await invitationOf(app.db, fleetId, userId);
    const inviter = currentUser(request);
    try {
      const url = await app.auth.createSignInLink(email, new Headers({ origin: app.env.publicUrl, 'x-forwarded-for': request.ip }));
      const mail = buildInvitationMail(email, { fleet: fleetName, inviter: inviter.name || inviter.email, url, publicUrl: app.env.publicUrl }, language ?? DEFAULT_LOCALE);
      await app.mailer.send(mail);
      return true;
    } catch (error) {
      request.log.warn({ err: error }, 'invitation email could not be sent; the access is granted');
      return false;
    }
  }

  app.post(
    '/:fleet/members',
    {
      schema: {
        tags,
        summary: 'Invites a user by email with a role (creates the user when needed) and mails them a sign-in link; emailSent says whether the mail went out',
        params: FleetParams,
        body: InviteMemberSchema,
        response: { 201: InvitationResultSchema },
      },
    },
    async (request, reply) => {
      const fleetId = request.fleets.adminOf(request.params.fleet);
      const existing = (await listMembers(app.db, fleetId)).find((m) => m.email === request.body.email);
      if (existing) throw new AppError('CONFLICT', `${request.body.email} is already a member of this fleet`, { field: 'email' });
      // A new user joins the inviting admin's company, so partners and the summary's installer data work.
      const granted = await grantFleet(app.db, { email: request.body.email, fleet: request.params.fleet, role: request.body.role, companyId: currentUser(request).companyId });
      const emailSent = await sendInvitation(request, fleetId, granted.userId, request.body.language);
      return reply.status(201).send({ members: await listMembers(app.db, fleetId), emailSent });
    },
  );

  app.post(
    '/:fleet/members/:userId/invitation',
    {
      schema: {
        tags,
        summary: 'Mails a member the invitation again, with a new sign-in link (an older one stops working)',
        params: MemberParamsSchema,
        body: ResendInvitationSchema,
        response: { 200: InvitationResultSchema },
      },
    },
    async (request) => {
      const fleetId = request.fleets.adminOf(request.params.fleet);
      const emailSent = await sendInvitation(request, fleetId, request.params.userId, request.body.language);
      if (!emailSent) throw new AppError('SERVICE_UNAVAILABLE', 'The email could not be sent. Please try again in a few minutes.');
      return { members: await listMembers(app.db, fleetId), emailSent };
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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateInstallationSchema,
  InstallationListQuerySchema,
  InstallationListSchema,
  InstallationSchema,
  UpdateInstallationSchema,
  VersionSchema,
} from '@portal/domain/installation';
import { InstallationSetupSchema } from '@portal/domain/setup';
import type { SystemCheckEvent } from '@portal/domain/system-check';
import { VehicleInputSchema } from '@portal/domain/vehicle';
import { IdParamsSchema as IdParams } from '@portal/domain/ids';
import { sessionUserQuery, signedInUserOf } from '../../../auth/id-token';
import { AppError, notFound } from '../../../errors';
import { processObjectDeletions } from '../../../services/object-deletions';
import { currentToken, currentUser, sessionExpired } from '../../../plugins/request-auth';
import { FleetScope } from '../../../services/fleet-scope';
import {
  createInstallation,
  createInstallationListReader,
  createInstallationReader,
  deleteInstallation,
  installationForCaller,
  listInstallations,
  saveSetup,
  saveVehicle,
  updateInstallation,
} from '../../../services/installations';

const tags = ['installations'];

const installationRoutes: FastifyPluginAsyncZod = async (app) => {
  const readList = createInstallationListReader(app.db);
  const sessionUser = sessionUserQuery(app.db);
  app.get(
    '/',
    {
      config: { sessionInQuery: true },
      schema: {
        tags,
        summary: "One page of a fleet's installations, searchable by name, serial number or VIN",
        querystring: InstallationListQuerySchema,
        response: { 200: InstallationListSchema },
      },
    },
    async (request) => {
      const claims = currentToken(request);
      const { q, status, from, to, failedChecks } = request.query;
      // The one-statement reader knows paging, sorting and `mine`; a search or a filter takes the full query.
      if (!q && !status && !from && !to && !failedChecks) {
        const page = await readList(claims, request.query);
        if (page === 'signed-out') throw sessionExpired();
        if (!page) throw new AppError('NOT_FOUND', 'Fleet not found');
        return page;
      }
      const me = signedInUserOf(claims, await sessionUser.execute({ sid: claims.sid, sub: claims.sub }));
      if (!me) throw sessionExpired();
      return listInstallations(app.db, new FleetScope(me.fleets).bySlug(request.query.fleet).id, request.query, me);
    },
  );

  const readInstallation = createInstallationReader(app.db);
  app.get(
    '/:id',
    {
      config: { sessionInQuery: true },
      schema: { tags, summary: 'One installation with its system, vehicle and setup', params: IdParams, response: { 200: InstallationSchema } },
    },
    async (request) => {
      const found = await readInstallation(currentToken(request), request.params.id);
      if (found === 'signed-out') throw sessionExpired();
      if (!found) throw notFound('Installation');
      return found;
    },
  );

  app.post(
    '/',
    { schema: { tags, summary: 'Creates an installation for a system of the registry (first save of the general tab); with `fleet`, only in that fleet', body: CreateInstallationSchema, response: { 201: InstallationSchema } } },
    async (request, reply) => {
      const me = currentUser(request);
      const fleetId = request.body.fleet === undefined ? null : request.fleets.bySlug(request.body.fleet).id;
      const row = await createInstallation(app.db, request.fleets.ids, me.userId, request.body, me.companyId, fleetId);
      return reply.status(201).send(await installationForCaller(app.db, row, me));
    },
  );

  app.put(
    '/:id',
    { schema: { tags, summary: 'Updates the general and customer data of a draft', params: IdParams, body: UpdateInstallationSchema, response: { 200: InstallationSchema } } },
    async (request) => {
      const me = currentUser(request);
      const row = await updateInstallation(app.db, request.fleets.ids, me.userId, request.params.id, request.body, me.companyId);
      return installationForCaller(app.db, row, currentUser(request));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a draft with its vehicle, setup, uploads and checks (its creator or a fleet admin)',
        params: IdParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteInstallation(app.db, currentUser(request), request.params.id);
      // Its objects go at once when the store answers; the queue retries otherwise.
      if (app.fileStore) await processObjectDeletions(app.db, app.fileStore).catch(() => {});
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/vehicle',
    {
      schema: {
        tags,
        summary: 'Records the vehicle of a draft; returns the updated installation',
        params: IdParams,
        body: z.intersection(VehicleInputSchema, z.object({ version: VersionSchema })),
        response: { 200: InstallationSchema },
      },
    },
    async (request) => {
      const { version, ...vehicle } = request.body;
      const row = await saveVehicle(app.db, request.fleets.ids, currentUser(request).userId, request.params.id, version, VehicleInputSchema.parse(vehicle));
      return installationForCaller(app.db, row, currentUser(request));
    },
  );

  app.put(
    '/:id/setup',
    {
      schema: {
        tags,
        summary:
          'Saves PV modules, active channels and the physical inspection of every charge controller at once, and starts the digital check (unless a run exists and nothing changed)',
        params: IdParams,
        body: InstallationSetupSchema,
        response: { 200: InstallationSchema },
      },
    },
    async (request) => {
      let started: SystemCheckEvent | null = null;
      const row = await saveSetup(app.db, request.fleets.ids, currentUser(request).userId, request.params.id, request.body, async (tx, saved, isSetupChanged) => {
        started = await app.systemChecks.startForSetup(tx, saved, currentUser(request).userId, isSetupChanged);
      });
      app.systemChecks.announce(row.id, started);
      return installationForCaller(app.db, row, currentUser(request));
    },
  );
};

export default installationRoutes;

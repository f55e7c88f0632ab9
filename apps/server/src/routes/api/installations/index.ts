import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateInstallationSchema,
  InstallationListQuerySchema,
  InstallationListSchema,
  InstallationSchema,
  UpdateInstallationSchema,
  type Installation,
  type InstallationList,
} from '@portal/domain/installation';
import { InstallationSetupSchema } from '@portal/domain/setup';
import { SaveVehicleSchema } from '@portal/domain/vehicle';
import { AppError, notFound } from '../../../errors';
import { currentToken, currentUser, sessionExpired } from '../../../plugins/request-auth';
import { answerWith, JsonText } from '../../../json-text';
import { createInstallation } from '../../../services/installations/create';
import { deleteInstallation } from '../../../services/installations/delete';
import { createInstallationListReader, createInstallationReader } from '../../../services/installations/read-model';
import { saveSetup } from '../../../services/installations/save-setup';
import { saveVehicle } from '../../../services/installations/save-vehicle';
import { updateInstallation } from '../../../services/installations/update';
import { onInstallation } from './on-installation';

const tags = ['installations'];

/** The detail route's answer to what the reader found. */
function installationAnswer(found: JsonText | 'signed-out' | null): Installation {
  if (found === 'signed-out') throw sessionExpired();
  if (!found) throw notFound('Installation');
  return answerWith<Installation>(found);
}

const installationRoutes: FastifyPluginAsyncZod = async (app) => {
  const readList = createInstallationListReader(app.db, app.readCache);
  // A page the read cache serves to the same caller again is the same object: its JSON is written once.
  const listTexts = new WeakMap<InstallationList, JsonText>();
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
    // Not async: a page the read cache holds goes out without a promise.
    (request, reply) => {
      const listAnswer = (page: InstallationList | 'signed-out' | null) => {
        if (page === 'signed-out') throw sessionExpired();
        if (!page) throw new AppError('NOT_FOUND', 'Fleet not found');
        let text = listTexts.get(page);
        if (!text) listTexts.set(page, (text = new JsonText(reply.serialize(page) as string)));
        return answerWith<InstallationList>(text);
      };
      const found = readList(currentToken(request), request.query);
      return found instanceof Promise ? found.then(listAnswer) : listAnswer(found);
    },
  );

  const readInstallation = createInstallationReader(app.db, app.readCache);
  app.get(
    '/:id',
    {
      config: { sessionInQuery: true },
      schema: onInstallation(tags, 'One installation with its system, vehicle and setup', { response: { 200: InstallationSchema } }),
    },
    // Not async: an answer the read cache holds goes out without a promise.
    (request) => {
      const found = readInstallation(currentToken(request), request.params.id);
      return found instanceof Promise ? found.then(installationAnswer) : installationAnswer(found);
    },
  );

  app.post(
    '/',
    { schema: { tags, summary: 'Creates an installation for a system of the registry (first save of the general tab); with `fleet`, only in that fleet', body: CreateInstallationSchema, response: { 201: InstallationSchema } } },
    async (request, reply) => {
      const fleetId = request.body.fleet === undefined ? null : request.fleets.bySlug(request.body.fleet).id;
      return reply.status(201).send(await createInstallation(app.db, request.fleets.ids, currentUser(request), request.body, fleetId));
    },
  );

  app.put(
    '/:id',
    { schema: onInstallation(tags, 'Updates the general and customer data of a draft', { body: UpdateInstallationSchema, response: { 200: InstallationSchema } }) },
    async (request) => {
      return updateInstallation(app.db, request.fleets.ids, currentUser(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/:id',
    {
      schema: onInstallation(tags, 'Deletes a draft with its vehicle, setup, uploads and checks (its creator or a fleet admin)', {
        response: { 204: z.null().describe('Deleted') },
      }),
    },
    async (request, reply) => {
      await deleteInstallation(app.db, app.fileStore, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/vehicle',
    { schema: onInstallation(tags, 'Records the vehicle of a draft; returns the updated installation', { body: SaveVehicleSchema, response: { 200: InstallationSchema } }) },
    async (request) => saveVehicle(app.db, request.fleets.ids, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/:id/setup',
    {
      schema: onInstallation(
        tags,
        'Saves PV modules, active channels and the physical inspection of every charge controller at once, and starts the digital check (unless a run exists and nothing changed)',
        { body: InstallationSetupSchema, response: { 200: InstallationSchema } },
      ),
    },
    async (request) => {
      return saveSetup(app.db, app.systemChecks, request.fleets.ids, currentUser(request), request.params.id, request.body);
    },
  );
};

export default installationRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SystemCheckRunSchema } from '@portal/domain/system-check';
import { currentUser } from '../../../plugins/request-auth';
import { requestLine } from '../../../plugins/logger';
import { assertDraft, findScopedInstallation } from '../../../services/installations/repository';
import { onInstallation } from './on-installation';

const tags = ['digital check'];

const systemCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/systemChecks',
    { schema: onInstallation(tags, 'The latest check run of an installation; the first read starts one', { response: { 200: SystemCheckRunSchema } }) },
    async (request) => {
      const row = await findScopedInstallation(app.db, request.fleets.ids, request.params.id);
      return app.systemChecks.getOrStart(row.id, currentUser(request).userId);
    },
  );

  app.post(
    '/:id/systemChecks/restart',
    { schema: onInstallation(tags, 'Starts a new check run: every check pending again', { response: { 200: SystemCheckRunSchema } }) },
    async (request) => {
      const row = await findScopedInstallation(app.db, request.fleets.ids, request.params.id);
      assertDraft(row);
      return app.systemChecks.restart(row.id, currentUser(request).userId);
    },
  );

  app.get(
    '/:id/systemChecks/events',
    {
      schema: onInstallation(
        tags,
        'Server-sent events of the checks (text/event-stream; Last-Event-ID replays what was missed). The stream ends with its session or fleet membership; a user may hold a limited number at once (429 beyond)',
        { headers: z.object({ 'last-event-id': z.string().regex(/^\d{1,10}$/).optional() }).passthrough() },
      ),
    },
    async (request, reply) => {
      const row = await findScopedInstallation(app.db, request.fleets.ids, request.params.id);
      const header = request.headers['last-event-id'];
      const lastId = header ? Number(header) : Number(await app.systemChecks.lastEventId(row.id));
      const { userId, sessionId } = currentUser(request);
      const streamId = await app.checkStreams.claim({ userId, sessionId, installationId: row.id });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const closeStream = app.checkStreams.open(streamId, row.id, lastId, res);
      // A stream is answered long before it ends: its one log line is written when it ends, with how long it lasted.
      let logged = false;
      const close = () => {
        closeStream();
        if (logged) return;
        logged = true;
        request.log.info(requestLine(request, 200, reply.elapsedTime), 'event stream ended');
      };
      request.raw.on('close', close);
      res.on('close', close);
      // A client that left while the stream was being set up has already fired 'close'.
      if (res.destroyed || request.raw.destroyed) close();
    },
  );
};

export default systemCheckRoutes;

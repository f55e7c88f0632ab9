import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';

/** Draining: once close() began, new requests get 503 so the load balancer sends them elsewhere. */
export const drainingPlugin = fp(async (app: FastifyInstance) => {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!isClosing) return done();
    reply.header('connection', 'close');
    done(new AppError('SERVICE_UNAVAILABLE', 'The server is restarting. Please try again in a moment.'));
  });
});

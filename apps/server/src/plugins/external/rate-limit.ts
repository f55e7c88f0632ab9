import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { databaseRateLimitStore } from '../../services/access/send-limit';

/**
 * Rate limits for the routes that ask for one (`config.rateLimit`, whose key names what it counts), counted in the database so a limit holds across every server process.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(app.db, 'route'),
    errorResponseBuilder: (_request, context) => new AppError('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
  });
});

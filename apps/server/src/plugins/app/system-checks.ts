import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSystemCheckService, type SystemCheckService } from '../../services/checks/system-checks';

declare module 'fastify' {
  interface FastifyInstance {
    systemChecks: SystemCheckService;
  }
}

/** The check service, built once for the routes and the check event streams. */
export const systemChecksPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    'systemChecks',
    createSystemCheckService(app.database, { windowSeconds: app.env.checkWindowSeconds, onRunStarted: app.simulator?.onRunStarted }),
  );
});

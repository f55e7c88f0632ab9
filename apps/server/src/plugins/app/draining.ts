import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Begins a graceful stop: from now on every answer says `Connection: close`, so a proxy that keeps
     * connections open closes each one after its answer instead of sending the next request into a
     * closing socket; requests that still arrive are served. Callbacks given to `onDrain` run once
     * (the check event streams end, so browsers reconnect to another process).
     */
    drain(): Promise<void>;
    onDrain(callback: () => Promise<void> | void): void;
    isDraining: boolean;
  }
}

export const drainingPlugin = fp(async (app: FastifyInstance) => {
  const callbacks: (() => Promise<void> | void)[] = [];
  app.decorate('isDraining', false);
  app.decorate('onDrain', (callback: () => Promise<void> | void) => void callbacks.push(callback));
  app.decorate('drain', async () => {
    if (app.isDraining) return;
    app.isDraining = true;
    for (const callback of callbacks) await callback();
  });
  // close() without drain() first (tests, the CLI) drains too.
  app.addHook('preClose', async () => {
    await app.drain();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.isDraining) reply.header('connection', 'close');
    done();
  });
});

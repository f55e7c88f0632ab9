import fp from 'fastify-plugin';
import { ReadCache } from '../../services/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The process's read cache (services/read-cache.ts), listening from start to close. Every request
 * that may write answers only once this process has heard what its writes changed: a client's next
 * read, here, sees them.
 */
export const readCachePlugin = fp(async (app) => {
  const cache = new ReadCache(app.database);
  await cache.start();
  app.decorate('readCache', cache);
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) await cache.settle();
  });
  app.addHook('onClose', async () => {
    await cache.stop();
  });
});

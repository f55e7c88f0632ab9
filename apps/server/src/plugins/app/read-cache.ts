import fp from 'fastify-plugin';
import client from 'prom-client';
import { ReadCache } from '../../services/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The process's read cache (services/read-cache.ts), listening from start to close. Every request
 * that may have written answers only once this process has heard what its writes changed: a
 * client's next read, here, sees them.
 */
export const readCachePlugin = fp(async (app) => {
  const cache = new ReadCache(app.database);
  await cache.start();
  app.decorate('readCache', cache);
  new client.Gauge({
    name: 'portal_read_cache_entries',
    help: 'Reads this process keeps in memory, by kind (sessions, details, lists)',
    labelNames: ['kind'],
    registers: [app.metrics.registry],
    collect() {
      for (const [kind, entries] of Object.entries(cache.size)) this.set({ kind }, entries);
    },
  });
  new client.Gauge({
    name: 'portal_read_cache_listening',
    help: '1 while the read cache listens for changes; 0 means every read goes to the database',
    registers: [app.metrics.registry],
    collect() {
      this.set(cache.isLive ? 1 : 0);
    },
  });
  // A callback, not an async function: reads, by far the most answers, go on without waiting for a promise.
  app.addHook('onSend', (request, reply, _payload, done) => {
    // A refused request wrote nothing; device heartbeats never touch what the cache holds.
    if (READS.has(request.method) || reply.statusCode >= 400 || request.url.startsWith('/api/devices/')) return done();
    cache.settle().then(() => done(), done);
  });
  app.addHook('onClose', async () => {
    await cache.stop();
  });
});

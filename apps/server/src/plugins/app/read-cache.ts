import { parseCookie, stringifySetCookie } from 'cookie';
import fp from 'fastify-plugin';
import client from 'prom-client';
import { isWriteToken, ReadCache } from '../../services/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookie that carries the tokens of a client's last writes to whichever process it reaches next. */
export const WRITTEN_COOKIE = 'portal-written';
/** How long a client holds a write's token: every process has heard of the write long before. */
const WRITTEN_COOKIE_MAX_AGE_S = 10;
/** Tokens kept in the cookie: the client's last writes, which may have been answered out of order. */
const WRITTEN_TOKENS_KEPT = 4;
/** Longer cookie values are not read (four tokens take under 120 characters). */
const WRITTEN_COOKIE_MAX_LENGTH = 200;

const NO_TOKENS: readonly string[] = [];

/** The write tokens a request carries, at most `WRITTEN_TOKENS_KEPT`; none without the cookie. */
function writtenTokens(header: string | undefined): readonly string[] {
  if (header === undefined || !header.includes(WRITTEN_COOKIE)) return NO_TOKENS;
  const value = parseCookie(header)[WRITTEN_COOKIE];
  if (!value || value.length > WRITTEN_COOKIE_MAX_LENGTH) return NO_TOKENS;
  return value.split('_').filter(isWriteToken).slice(-WRITTEN_TOKENS_KEPT);
}

/**
 * The process's read cache (services/read-cache.ts), listening from start to close.
 *
 * - Every request that may have written answers only once this process has heard what its writes
 *   changed: a client's next read, here, sees them. The answer sets the cookie `portal-written` to
 *   the write's token (with the client's last few).
 * - A request that brings tokens this process has not heard announced yet waits until it has heard
 *   every change committed before it: behind a load balancer, a client's next read on another
 *   process sees its writes too.
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
  const secure = app.env.publicUrl.startsWith('https://');
  // Callbacks, not async functions: reads, by far the most requests, go on without waiting for a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const tokens = request.url.startsWith('/api/') ? writtenTokens(request.headers.cookie) : NO_TOKENS;
    if (tokens === NO_TOKENS) return done();
    const waiting = cache.catchUp(tokens);
    if (!waiting) return done();
    waiting.then(() => done(), done);
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    // A refused request wrote nothing; device heartbeats never touch what the cache holds.
    if (READS.has(request.method) || reply.statusCode >= 400 || request.url.startsWith('/api/devices/')) return done();
    cache.settle().then((token) => {
      if (token) {
        const earlier = writtenTokens(request.headers.cookie).filter((t) => t !== token);
        const value = [...earlier, token].slice(-WRITTEN_TOKENS_KEPT).join('_');
        reply.header(
          'set-cookie',
          stringifySetCookie({ name: WRITTEN_COOKIE, value, path: '/api', maxAge: WRITTEN_COOKIE_MAX_AGE_S, httpOnly: true, sameSite: 'lax', secure }),
        );
      }
      done();
    }, done);
  });
  app.addHook('onClose', async () => {
    await cache.stop();
  });
});

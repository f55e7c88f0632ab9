import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import type { Env } from '../env';

/** Log output is written in blocks of this size while requests keep coming... */
const LOG_BLOCK_BYTES = 8192;
/** ...and at least this often, so that the lines of a quiet server show up at once. */
const LOG_FLUSH_MS = 1000;

/** Request lines are logged without their query: sign-in links carry one-time tokens there. */
const requestSerializer = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
  ip: req.ip,
});

/** Probes of a load balancer or orchestrator, every few seconds: logged only at `debug`. */
const isHealthCheck = (url: string) => url === '/api/health' || url.startsWith('/api/health/') || url.startsWith('/api/health?');

/** One log line per request, written when it is answered, with the request line in it (not two). */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (isHealthCheck(request.url)) reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Hands each line to the destination as bytes. Kept as text, the destination would measure the whole
 * block it is filling again for every line it adds (a copy of up to a block per request line); as
 * bytes it only appends them and joins the block once, when it writes it.
 */
function bytesOf(destination: ReturnType<typeof pino.destination>) {
  return {
    // Looked up on every line: on a closed pipe, pino stops the destination by replacing its write.
    // In 'buffer' mode the destination takes bytes; its types know only text.
    write: (line: string) => destination.write(Buffer.from(line) as unknown as string),
    flush: (done?: (error?: Error) => void) => destination.flush(done),
  };
}

/**
 * The server's log: JSON lines on stdout, one per request. Lines go out asynchronously (written when
 * the event loop is free, flushed on close): a slow terminal or disk never holds up a request. Under
 * load they are written in blocks of at least LOG_BLOCK_BYTES; a quiet server's lines follow within a
 * second. `fastifyOptions` go to Fastify's constructor, `plugin` is registered first.
 */
export function createLogging(env: Env, logger?: FastifyServerOptions['logger']) {
  const destination =
    logger === undefined && env.logLevel !== 'silent'
      ? pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES, periodicFlush: LOG_FLUSH_MS, contentMode: 'buffer' })
      : null;
  const fastifyOptions = {
    logger: logger ?? { level: env.logLevel, serializers: { req: requestSerializer }, ...(destination ? { stream: bytesOf(destination) } : {}) },
    logController: new OneLinePerRequest(),
  } satisfies FastifyServerOptions;
  const plugin = fp(async (app: FastifyInstance) => {
    if (!destination) return;
    app.addHook('onClose', (_app, done) => {
      try {
        destination.flushSync();
      } catch {
        /* nothing buffered, or the output is gone */
      }
      done();
    });
  });
  return { fastifyOptions, plugin };
}

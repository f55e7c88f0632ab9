import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import type { Env } from '../env';
import { bytesWriter, createLogRing, lineFormatOf, pathLength, type LogRing } from './log-ring';

/** What every request's line says. */
const REQUEST_COMPLETED = 'request completed';

/** A URL without its query: sign-in links carry one-time tokens there. */
const pathOf = (url: string) => url.slice(0, pathLength(url));

/** Request lines are logged without their query. */
const requestSerializer = (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: pathOf(req.url), ip: req.ip });

/**
 * The fields of a request's log line, flat: the method, the path without its query, the client's
 * address, the status and the time taken (ms). Flat fields are written as they are; nested ones would
 * each go through a serializer and a generic stringify, on every request.
 */
export const requestLine = (request: FastifyRequest, statusCode: number, responseTime: number) => ({
  method: request.method,
  url: pathOf(request.url),
  ip: request.ip,
  statusCode,
  responseTime,
});

/** Probes of a load balancer or orchestrator, every few seconds: logged only at `debug`. */
const isHealthCheck = (url: string) => url === '/api/health' || url.startsWith('/api/health/') || url.startsWith('/api/health?');

/** The server's own log (`createLogging`): its root logger, and the ring its lines go out through. */
interface ServerLog {
  root: pino.Logger;
  ring: LogRing;
  /** The app's logger (Fastify's child of `root`), whose children are the requests' loggers; set when the app is built. */
  app: FastifyBaseLogger | null;
}

/** One log line per request, written when it is answered, with the request line in it (not two). */
class OneLinePerRequest extends LogController {
  constructor(private readonly serverLog: ServerLog | null) {
    super();
  }
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const { statusCode, elapsedTime } = reply;
    if (error) {
      reply.log.error({ ...requestLine(request, statusCode, elapsedTime), err: error }, 'request errored');
      return;
    }
    const level = isHealthCheck(request.url) ? 'debug' : 'info';
    const log = reply.log;
    // The request's logger as Fastify made it (a child of the server's with the request id): its
    // line goes into the ring as fields.
    if (this.serverLog && Object.getPrototypeOf(log) === this.serverLog.app) {
      if ((log as pino.Logger).isLevelEnabled(level)) this.serverLog.ring.request(pino.levels.values[level]!, request.id, request.method, request.url, request.ip, statusCode, elapsedTime);
      return;
    }
    log[level](requestLine(request, statusCode, elapsedTime), REQUEST_COMPLETED);
  }
}

/**
 * The server's log: JSON lines on stdout, one per request. Lines go out through a ring of shared
 * memory that a writer thread empties a few times a second (`log-ring.ts`): a request's line costs
 * the thread that answers requests only putting its fields there, and a slow terminal or disk never
 * holds up a request. A quiet server's lines follow within DRAIN_INTERVAL_MS; everything is written
 * before the process ends. With `logger` (tests), Fastify makes the logger and lines are written as
 * pino writes them. `fastifyOptions` go to Fastify's constructor, `plugin` is registered first.
 */
export function createLogging(env: Env, logger?: FastifyServerOptions['logger']) {
  const serverLog = logger === undefined && env.logLevel !== 'silent' ? createServerLog(env) : null;
  const fastifyOptions = {
    ...(serverLog ? { loggerInstance: serverLog.root } : { logger: logger ?? { level: env.logLevel, serializers: { req: requestSerializer } } }),
    logController: new OneLinePerRequest(serverLog),
  } satisfies FastifyServerOptions;
  const plugin = fp(async (app: FastifyInstance) => {
    if (!serverLog) return;
    serverLog.app = app.log;
    // A crash still writes what was logged before it.
    const closeRing = () => serverLog.ring.close();
    process.once('exit', closeRing);
    app.addHook('onClose', (_app, done) => {
      process.off('exit', closeRing);
      closeRing();
      done();
    });
  });
  return { fastifyOptions, plugin };
}

/** The server's logger on stdout, its lines going out through a log ring. */
function createServerLog(env: Env): ServerLog {
  let ring: LogRing | null = null;
  const root = pino({ level: env.logLevel, serializers: { req: requestSerializer } }, { write: (line: string) => ring!.stream.write(line) });
  ring = createLogRing({ format: lineFormatOf(root), requestMessage: REQUEST_COMPLETED, fd: 1, writeSync: bytesWriter(1) });
  return { root, ring, app: null };
}

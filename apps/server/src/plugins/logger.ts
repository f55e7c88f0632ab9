import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import type { Env } from '../env';

/** Log output is written in blocks of this size while requests keep coming... */
const LOG_BLOCK_BYTES = 8192;
/** ...and at least this often, so that the lines of a quiet server show up at once. */
const LOG_FLUSH_MS = 1000;

/** A URL without its query: sign-in links carry one-time tokens there. */
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

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

const sym = pino.symbols;
/** Set by a child logger with a `msgPrefix` (missing from pino's types). */
const msgPrefixSym = (pino.symbols as unknown as Record<string, symbol>)['msgPrefixSym']!;

/** The parts of a pino logger that a line is made of (`pino.symbols`), and the options that would change it. */
interface PinoLine {
  [sym.lsCacheSym]: Record<number, string>;
  [sym.timeSym]: () => string;
  [sym.chindingsSym]: string;
  [sym.messageKeySym]: string;
  [sym.endSym]: string;
  [sym.streamSym]: { write(line: string): unknown; [sym.needsMetadataGsym]?: boolean };
  [sym.mixinSym]?: unknown;
  [sym.formattersSym]?: { log?: unknown };
  [sym.hooksSym]?: { logMethod?: unknown; streamWrite?: unknown };
  [sym.stringifiersSym]?: object;
  [sym.nestedKeySym]?: string | null;
}

/**
 * Whether pino would write `log.info(requestLine(...), 'request completed')` as its level, time and
 * bindings followed by the fields as they are: no mixin, log formatter, hook, redaction, nested key,
 * message prefix or multistream. True for the loggers `createLogging` makes. Known per parent logger
 * (a request's logger is a child of the app's).
 */
const plainLoggers = new WeakMap<object, boolean>();
function writesPlainLines(log: FastifyBaseLogger): log is FastifyBaseLogger & pino.Logger & PinoLine {
  const parent = Object.getPrototypeOf(log) as object | null;
  if (parent === null) return false;
  let plain = plainLoggers.get(parent);
  if (plain === undefined) {
    const l = log as unknown as Partial<PinoLine> & Record<symbol, unknown>;
    const stream = l[sym.streamSym];
    const stringifiers = l[sym.stringifiersSym];
    plain =
      typeof l[sym.chindingsSym] === 'string' &&
      typeof l[sym.timeSym] === 'function' &&
      typeof (log as Partial<pino.Logger>).isLevelEnabled === 'function' &&
      typeof stream?.write === 'function' &&
      stream[sym.needsMetadataGsym] !== true &&
      !l[sym.mixinSym] &&
      !l[sym.formattersSym]?.log &&
      !l[sym.hooksSym]?.logMethod &&
      !l[sym.hooksSym]?.streamWrite &&
      !l[sym.nestedKeySym] &&
      !l[msgPrefixSym] &&
      (stringifiers === undefined || Reflect.ownKeys(stringifiers).length === 0);
    plainLoggers.set(parent, plain);
  }
  return plain;
}

/**
 * Writes a request's line as pino writes `log[level](requestLine(request, statusCode, responseTime), msg)`:
 * pino's own level, time, bindings (pid, hostname, reqId) and ending around the five fields. This is
 * the line every request writes, so it skips pino's generic loop over an object's keys (a serializer
 * lookup, a type switch and a quoted key for each), about a microsecond of a hot read. Other loggers
 * take pino's way (`false`).
 */
function writeRequestLine(log: FastifyBaseLogger, level: 'debug' | 'info', msg: string, request: FastifyRequest, statusCode: number, responseTime: number): boolean {
  if (!writesPlainLines(log)) return false;
  if (!log.isLevelEnabled(level)) return true;
  const { ip } = request;
  const line =
    log[sym.lsCacheSym][pino.levels.values[level]!]! +
    log[sym.timeSym]() +
    log[sym.chindingsSym] +
    `,"method":${JSON.stringify(request.method)},"url":${JSON.stringify(pathOf(request.url))}` +
    (ip === undefined ? '' : `,"ip":${JSON.stringify(ip)}`) +
    `,"statusCode":${statusCode},"responseTime":${Number.isFinite(responseTime) ? responseTime : null},${JSON.stringify(log[sym.messageKeySym])}:${JSON.stringify(msg)}` +
    log[sym.endSym];
  log[sym.streamSym].write(line);
  return true;
}

/** One log line per request, written when it is answered, with the request line in it (not two). */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const { statusCode, elapsedTime } = reply;
    if (error) reply.log.error({ ...requestLine(request, statusCode, elapsedTime), err: error }, 'request errored');
    else {
      const level = isHealthCheck(request.url) ? 'debug' : 'info';
      if (!writeRequestLine(reply.log, level, 'request completed', request, statusCode, elapsedTime)) reply.log[level](requestLine(request, statusCode, elapsedTime), 'request completed');
    }
  }
}

/**
 * Gathers lines into blocks of at least LOG_BLOCK_BYTES, handed to the destination as one text each:
 * per line this costs only keeping it. (Handed over line by line, the destination would measure the
 * block it is filling again for every line it adds, or each line would first be turned into bytes.)
 * `pass()` hands over what is gathered: at least every LOG_FLUSH_MS, and before the destination is
 * flushed.
 */
function blocksOf(destination: ReturnType<typeof pino.destination>) {
  let lines: string[] = [];
  let length = 0;
  const pass = () => {
    if (lines.length === 0) return;
    const block = lines.join('');
    lines = [];
    length = 0;
    // Looked up at each call: on a closed pipe, pino stops the destination by replacing its write.
    destination.write(block);
  };
  const timer = setInterval(pass, LOG_FLUSH_MS);
  timer.unref();
  return {
    stream: {
      write(line: string) {
        lines.push(line);
        length += line.length;
        if (length >= LOG_BLOCK_BYTES) pass();
      },
      flush(done?: (error?: Error) => void) {
        pass();
        destination.flush(done);
      },
    },
    /** Writes out every line gathered, before the process ends. */
    flushSync() {
      clearInterval(timer);
      pass();
      destination.flushSync();
    },
  };
}

/**
 * The server's log: JSON lines on stdout, one per request. Lines go out asynchronously (written when
 * the event loop is free, flushed on close): a slow terminal or disk never holds up a request. Under
 * load they are written in blocks of at least LOG_BLOCK_BYTES; a quiet server's lines follow within a
 * second. `fastifyOptions` go to Fastify's constructor, `plugin` is registered first.
 */
export function createLogging(env: Env, logger?: FastifyServerOptions['logger']) {
  const output = logger === undefined && env.logLevel !== 'silent' ? blocksOf(pino.destination({ dest: 1, sync: false })) : null;
  const fastifyOptions = {
    logger: logger ?? { level: env.logLevel, serializers: { req: requestSerializer }, ...(output ? { stream: output.stream } : {}) },
    logController: new OneLinePerRequest(),
  } satisfies FastifyServerOptions;
  const plugin = fp(async (app: FastifyInstance) => {
    if (!output) return;
    app.addHook('onClose', (_app, done) => {
      try {
        output.flushSync();
      } catch {
        /* nothing buffered, or the output is gone */
      }
      done();
    });
  });
  return { fastifyOptions, plugin };
}

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@portal/domain/errors';
import { FORM_ERRORS } from '@portal/domain/validation';
import { AppError } from '../errors';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_ERROR',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

/** Seconds a client should wait before it tries again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** Errors of the driver or the network that mean the database could not be reached at all. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const CONNECTION_ERROR_MESSAGES = /Connection terminated|Query read timeout|timeout exceeded when trying to connect|connect ECONNREFUSED|PGlite is closed|Client has encountered a connection error/i;

function isConnectionError(error: unknown): boolean {
  for (let e = error, hops = 0; e && typeof e === 'object' && hops < 8; e = (e as { cause?: unknown }).cause, hops++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || /^(08|57P0[1-3]|57014)/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some(isConnectionError)) return true;
  }
  return false;
}

/**
 * Whether an unexpected failure happened because the database is unreachable: the error says so,
 * or the database does not answer a ping now. Only failures ask, so healthy requests pay nothing.
 */
export async function isDatabaseUnavailable(app: FastifyInstance, error?: unknown): Promise<boolean> {
  if (error !== undefined && isConnectionError(error)) return true;
  try {
    await app.database.ping();
    return false;
  } catch {
    return true;
  }
}

export const databaseUnavailable = () => new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable. Please try again in a moment.');

/** The one way a failure leaves the server: the envelope, its status, and Retry-After on a 503. */
export function sendError(reply: FastifyReply, envelope: ErrorEnvelope) {
  if (envelope.details === undefined) delete envelope.details;
  if (envelope.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.status(envelope.status).type('application/json; charset=utf-8').send(envelope);
}

/** Refusals of the router itself (a malformed or over-long path parameter), before any hook runs. */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, { status: 414, code: 'URI_TOO_LONG', message: 'A path parameter is longer than the server accepts' });
  }
  // Percent-escapes that are not UTF-8 (how a lone surrogate would have to travel in a path).
  return sendError(reply, {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'The request path is not valid UTF-8',
    details: [{ path: 'params', message: FORM_ERRORS.invalidCharacters }],
  });
}

/**
 * Requests the HTTP parser refuses before any route sees them (headers over the limit, a malformed
 * request line, chunk or header, Content-Length beside Transfer-Encoding) answer the envelope too,
 * then the connection closes: what follows on it cannot be trusted to start a request.
 */
export function sendClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const envelope: ErrorEnvelope =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request address or headers are longer than the server accepts' }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' }
        : { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid HTTP' };
  const body = JSON.stringify(envelope);
  socket.end(
    `HTTP/1.1 ${envelope.status} ${STATUS_CODES[envelope.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The portal's code for an HTTP status that came without one (BAD_REQUEST for a 4xx it has no name for). */
export const codeOfStatus = (status: number): ErrorCode =>
  (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ?? 'BAD_REQUEST') as ErrorCode;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Every failure leaves the server as `{status, code, message, details?}`; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let envelope: ErrorEnvelope;
    if (error instanceof AppError) {
      envelope = { status: error.status, code: error.code, message: error.message, details: error.details };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      envelope = {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'The request is not valid',
        details: error.validation.map((v) => ({
          path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].filter(Boolean).join('.'),
          message: v.message,
          params: v.params,
        })),
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      envelope = { status: 500, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' };
    } else if (error.code && FASTIFY_CODES[error.code]) {
      const code = FASTIFY_CODES[error.code]!;
      envelope = { status: ERROR_STATUS[code], code, message: error.message };
    } else if (error.statusCode === 429) {
      envelope = { status: 429, code: 'RATE_LIMITED', message: 'Too many requests, please try again later' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      envelope = { status: error.statusCode, code: codeOfStatus(error.statusCode), message: error.message };
    } else if (await isDatabaseUnavailable(app, error)) {
      request.log.warn({ err: error }, 'database unreachable');
      const { status, code, message } = databaseUnavailable();
      envelope = { status, code, message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      envelope = { status: 500, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' };
    }
    return sendError(reply, envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // The path exists with other methods: say which, instead of pretending it does not exist.
    const allowed = METHODS.filter((method) => method !== request.method && app.findRoute({ method, url: path }));
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, { status: 405, code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}` });
    }
    return sendError(reply, { status: 404, code: 'NOT_FOUND', message: `Route ${request.method} ${path} not found` });
  });
});

import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@portal/domain/errors';
import { AppError } from '../errors';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_ERROR',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

/** Every failure leaves the server as `{status, code, message, details?}`; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === error.statusCode)?.[0] ?? 'BAD_REQUEST') as ErrorCode;
      envelope = { status: error.statusCode, code, message: error.message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      envelope = { status: 500, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' };
    }
    if (envelope.details === undefined) delete envelope.details;
    return reply.status(envelope.status).type('application/json; charset=utf-8').send(envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    const envelope: ErrorEnvelope = { status: 404, code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` };
    return reply.status(404).send(envelope);
  });
});

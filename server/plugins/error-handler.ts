import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVICE_UNAVAILABLE, UNEXPECTED_ERROR } from '../../contracts/api-error';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
const phrase = (status: number) => reasonPhrases[status] ?? 'Error';

/** Seconds a client waits before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** Maps every error to the one shape of contracts/api-error.ts; a 5xx never leaks internals. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        error: phrase(error.statusCode),
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.code(400).send({ statusCode: 400, error: phrase(400), message: first, fields });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the client is told to come back, and the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: phrase(503), message: SERVICE_UNAVAILABLE });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send({ statusCode: status, error: phrase(status), message: UNEXPECTED_ERROR });
    }
    return reply
      .code(status)
      .send({ statusCode: status, error: phrase(status), message: error.message });
  });
});

import type { FastifyError, FastifyInstance } from 'fastify';
import { fromDatabaseError } from '../db/errors';
import { AppError } from './errors';

/** Fastify's own 4xx errors, in words a caller understands. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send a JSON object (at least {}).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/** One place turns every failure into `{code, message, errors?}` with its HTTP status. */
export function installFailureHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.toBody());
    const fromDb = fromDatabaseError(error);
    if (fromDb) {
      if (fromDb.status >= 500) request.log.warn({ err: error }, 'database away');
      return reply
        .status(fromDb.status)
        .send(fromDb.status >= 500 ? { ...fromDb.toBody(), requestId: request.id } : fromDb.toBody());
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      const message = (code && fastifyMessages[code]) || error.message;
      if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
        return reply.status(400).send({ code: 400, message: fastifyMessages.FST_ERR_CTP_INVALID_JSON_BODY });
      }
      return reply.status(status).send({ code: status, message });
    }
    request.log.error({ err: error }, 'unexpected failure');
    // The id leads from a person's report to the log line of the failure.
    return reply.status(500).send({
      code: 500,
      message: `Something went wrong on our side. It has been logged under ${request.id}; try again.`,
      requestId: request.id,
    });
  });
}

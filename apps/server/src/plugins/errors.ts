import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody, type FieldError } from '@bo/contract/errors';
import { HttpError, reasonPhrase } from '../lib/http-error.js';

interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { minimum?: unknown; maximum?: unknown; format?: string };
}

/** Turns the type provider's validation errors into named fields with stable codes. */
function toFieldErrors(error: { validation: unknown[] }, context: string): FieldError[] {
  return (error.validation as ValidationItem[]).map((v) => {
    const p = v.params ?? {};
    const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || context;
    let code = v.keyword ?? 'invalid';
    if (code === 'invalid_format' && p.format) code = `invalid_${p.format}`;
    const params: Record<string, unknown> = {};
    if (p.minimum !== undefined) params.minimum = Number(p.minimum);
    if (p.maximum !== undefined) params.maximum = Number(p.maximum);
    return {
      field,
      code,
      message: v.message ?? 'Invalid value',
      ...(Object.keys(params).length ? { params } : {}),
    };
  });
}

function body(
  statusCode: number,
  code: string,
  message: string,
  details?: FieldError[],
): ErrorBody {
  return {
    statusCode,
    error: reasonPhrase(statusCode),
    message,
    code,
    ...(details ? { details } : {}),
  };
}

/** One error shape for every failure; 5xx details stay in the log, never in the answer. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(body(error.statusCode, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = toFieldErrors(error, error.validationContext ?? 'body');
      const first = details[0];
      const message = first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request';
      return reply.status(400).send(body(400, ERROR_CODES.validation, message, details));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body(429, ERROR_CODES.rateLimited, error.message));
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const file = error.code === 'FST_REQ_FILE_TOO_LARGE';
      const message = file ? 'The file is too large' : 'The request body is too large';
      return reply
        .status(413)
        .send(
          body(413, ERROR_CODES.payloadTooLarge, message, [
            { field: file ? 'file' : 'body', code: 'too_large', message },
          ]),
        );
    }
    if (status === 415) {
      return reply
        .status(415)
        .send(
          body(415, ERROR_CODES.unsupportedMedia, error.message, [
            { field: 'body', code: 'unsupported_type', message: error.message },
          ]),
        );
    }
    if (status >= 400 && status < 500) {
      // The framework's own refusals (an undecodable address, a body that is not JSON) name
      // what they refused too, as every other 4xx does.
      const code = error.code ?? '';
      const field =
        code === 'FST_ERR_BAD_URL' ? 'path' : code.startsWith('FST_ERR_CTP_') ? 'body' : null;
      return reply
        .status(status)
        .send(
          body(
            status,
            error.code ?? ERROR_CODES.validation,
            error.message,
            field ? [{ field, code: 'invalid', message: error.message }] : undefined,
          ),
        );
    }
    const sqlState =
      (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (sqlState === '57014') {
      // statement_timeout: the server is busy or the query is too heavy; the log says which.
      request.log.warn({ err: error }, 'statement cancelled by statement_timeout');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body(503, ERROR_CODES.databaseTimeout, 'The database took too long to answer'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(500, ERROR_CODES.internal, 'Internal Server Error'));
  });
});

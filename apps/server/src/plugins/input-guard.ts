import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeString, JSON_MAX_DEPTH, jsonNestsDeeperThan } from '@bo/contract/common';
import { ERROR_CODES } from '@bo/contract/errors';
import { HttpError } from '../lib/http-error.js';

/**
 * The contract's one rule for strings (no NUL, no unpaired surrogate), applied to the path, the
 * query and the body of every route before its own validation: a 400 naming the field, so no
 * route can forget it and no such string reaches SQL or the logs.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // JSON bodies are parsed as before (prototype poisoning refused), after a scan that refuses
    // nesting deeper than JSON_MAX_DEPTH: 20,000 '[' used to reach the guard below and overflow
    // its stack (a 500). No form of the product nests past a few levels.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonNestsDeeperThan(body as string, JSON_MAX_DEPTH)) {
        const message = `Nested deeper than ${JSON_MAX_DEPTH} levels`;
        done(
          new HttpError(400, ERROR_CODES.validation, `Invalid body: ${message}`, [
            { field: 'body', code: 'too_deep', message },
          ]),
          undefined,
        );
        return;
      }
      parseJson(request, body as string, done);
    });
    app.addHook('preValidation', async (request) => {
      const parts = [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const;
      for (const [context, value] of parts) {
        const field = findUnsafeString(value);
        if (field === null) continue;
        const name = field || context;
        const message = 'Contains a character that is not allowed (NUL or invalid Unicode)';
        throw new HttpError(400, ERROR_CODES.validation, `Invalid ${name}: ${message}`, [
          { field: name, code: 'invalid_characters', message },
        ]);
      }
    });
  },
  { name: 'input-guard' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeString } from '@bo/contract/common';
import { ERROR_CODES } from '@bo/contract/errors';
import { HttpError } from '../lib/http-error.js';

/**
 * The contract's one rule for strings (no NUL, no unpaired surrogate), applied to the path, the
 * query and the body of every route before its own validation: a 400 naming the field, so no
 * route can forget it and no such string reaches SQL or the logs.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
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

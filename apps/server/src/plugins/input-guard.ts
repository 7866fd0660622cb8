import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, INVALID_CHARACTER_MESSAGE, findInvalidText } from '@smena/contract';
import { AppError } from '../lib/app-error.ts';

/** The request parts in the order a client reads the answer's field names (decision 011). */
const PARTS = ['params', 'query', 'body'] as const;

/**
 * One rule for every string of every route: no NUL, no other C0 control but tab and line breaks,
 * no lone UTF-16 surrogate — in path parameters, the query string and the body (parsed JSON, a
 * form or raw text alike), values and object keys. It runs before the route's zod schema, so a
 * route cannot forget it and the database never sees such text; the answer is the ordinary 422
 * with the field's path, as the schemas give it.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every request and has nothing to wait for.
    app.addHook('preValidation', (request, _reply, done) => {
      for (const part of PARTS) {
        const path = findInvalidText(request[part]);
        if (!path) continue;
        const field = path.length > 0 ? path.join('.') : part === 'query' ? 'querystring' : part;
        done(
          new AppError(ErrorCode.VALIDATION_ERROR, `Проверьте поля: ${INVALID_CHARACTER_MESSAGE}`, [
            { field, message: INVALID_CHARACTER_MESSAGE },
          ]),
        );
        return;
      }
      done();
    });
  },
  { name: 'input-guard' },
);

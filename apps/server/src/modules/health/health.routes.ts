import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, ErrorResponseSchema } from '@smena/contract';
import type { Database } from '../../db/client.ts';
import type { Lifecycle } from '../../plugins/lifecycle.ts';
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler.ts';

const HealthSchema = z.object({ status: z.literal('ok') });

/** A readiness probe must answer within its own timeout, even when the database host hangs. */
const READY_TIMEOUT_MS = 3_000;

function pingWithin(database: Database, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`database ping exceeded ${ms} ms`)), ms);
  });
  return Promise.race([database.ping(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness (the process answers) and readiness (the database answers, and the instance is not
 * being stopped: from SIGTERM on it reports not ready, so that load balancers take it out).
 */
export function healthRoutes(database: Database, lifecycle: Lifecycle) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/health',
      {
        schema: {
          tags: ['Служебное'],
          summary: 'Процесс жив',
          security: [],
          response: { 200: HealthSchema },
        },
        config: { access: 'public' },
      },
      () => ({ status: 'ok' as const }),
    );
    app.get(
      '/ready',
      {
        schema: {
          tags: ['Служебное'],
          summary: 'База данных доступна (503 и Retry-After — нет)',
          security: [],
          response: { 200: HealthSchema, 503: ErrorResponseSchema },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        try {
          if (lifecycle.phase !== 'serving') throw new Error('the instance is stopping');
          await pingWithin(database, READY_TIMEOUT_MS);
          return { status: 'ok' as const };
        } catch (error) {
          if (lifecycle.phase === 'serving') {
            request.log.warn({ err: error }, 'database is not reachable');
          }
          return reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({
            statusCode: 503,
            code: ErrorCode.SERVICE_UNAVAILABLE,
            message: SERVICE_UNAVAILABLE_MESSAGE,
          });
        }
      },
    );
  };
}

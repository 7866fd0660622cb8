import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@smena/contract';
import type { Database } from '../../db/client.ts';

const HealthSchema = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers). */
export function healthRoutes(database: Database) {
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
          summary: 'База данных доступна',
          security: [],
          response: { 200: HealthSchema, 503: ErrorResponseSchema },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'database is not reachable');
          return reply
            .status(503)
            .send({ statusCode: 503, code: 'NOT_READY', message: 'База данных недоступна' });
        }
      },
    );
  };
}

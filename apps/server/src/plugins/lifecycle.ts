import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@smena/contract';
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from './error-handler.ts';

/**
 * Where the instance is in a rolling restart (server.ts moves it on SIGTERM):
 * - `serving`: as usual;
 * - `draining`: still serving every request, but `/api/ready` answers 503, so that load balancers
 *   take it out, and every answer says `Connection: close`, so that proxies do not send another
 *   request on that connection — nothing is sent to a connection about to close;
 * - `closing`: the listener is closed and in-flight requests finish; a request that still arrives
 *   on an open connection gets the app's own 503 (Russian, Retry-After) instead of Fastify's.
 */
export type LifecyclePhase = 'serving' | 'draining' | 'closing';

export type Lifecycle = { phase: LifecyclePhase };

export function createLifecycle(): Lifecycle {
  return { phase: 'serving' };
}

export function lifecyclePlugin(lifecycle: Lifecycle) {
  return fp(
    async function lifecycleHooks(app: FastifyInstance) {
      app.addHook('onRequest', async (_request, reply) => {
        if (lifecycle.phase !== 'closing') return;
        return reply
          .status(503)
          .header('Connection', 'close')
          .header('Retry-After', String(RETRY_AFTER_SECONDS))
          .send({
            statusCode: 503,
            code: ErrorCode.SERVICE_UNAVAILABLE,
            message: SERVICE_UNAVAILABLE_MESSAGE,
          });
      });
      app.addHook('onSend', async (_request, reply) => {
        if (lifecycle.phase !== 'serving') reply.header('Connection', 'close');
      });
    },
    { name: 'lifecycle' },
  );
}

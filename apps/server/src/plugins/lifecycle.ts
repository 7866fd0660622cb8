import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where the instance is in a rolling restart (server.ts moves it on SIGTERM):
 * - `serving`: as usual;
 * - `draining`: still serving every request, but `/api/ready` answers 503 (the app's error shape,
 *   Retry-After), so that load balancers take it out, and every answer says `Connection: close`,
 *   so that a proxy sends no further request on that connection;
 * - `closing`: the listener is closed; in-flight requests finish, and a request that still arrives
 *   on a connection opened before is served too, closing its connection. Refusing it instead
 *   (Fastify's `return503OnClosing`, an English 503) would fail a POST the proxy may not repeat;
 *   SHUTDOWN_GRACE_SECONDS bounds the wait either way.
 */
export type LifecyclePhase = 'serving' | 'draining' | 'closing';

export type Lifecycle = { phase: LifecyclePhase };

export function createLifecycle(): Lifecycle {
  return { phase: 'serving' };
}

export function lifecyclePlugin(lifecycle: Lifecycle) {
  return fp(
    async function lifecycleHooks(app: FastifyInstance) {
      app.addHook('onSend', async (_request, reply) => {
        if (lifecycle.phase !== 'serving') reply.header('Connection', 'close');
      });
    },
    { name: 'lifecycle' },
  );
}

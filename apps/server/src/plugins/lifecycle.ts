import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where the instance is in a rolling restart (server.ts moves it on SIGTERM):
 * - `serving`: as usual;
 * - `draining`: still serving every request as usual, but `/api/ready` answers 503 (the app's
 *   error shape, Retry-After), so that load balancers that probe it take the instance out;
 * - `closing`: the listener is closed (`stopAccepting`); in-flight requests finish, and a request
 *   that still arrives on a connection opened before is served too, with `Connection: close`.
 *   Refusing it instead (Fastify's `return503OnClosing`, an English 503) would fail a POST the
 *   proxy may not repeat; SHUTDOWN_GRACE_SECONDS bounds the wait either way.
 * Draining does not close connections: a proxy that must open a new connection for every request
 * keeps a queue of fresh connections, which the listener's close resets (nginx answered 502 to
 * POSTs that way). Kept-alive connections are reused and leave no such queue.
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
        if (lifecycle.phase === 'closing') reply.header('Connection', 'close');
      });
    },
    { name: 'lifecycle' },
  );
}

/** How long idle connections are left to their clients to close (more than a proxy's keep-alive). */
const IDLE_CONNECTION_WAIT_MS = 6_000;

/**
 * Stops accepting connections and resolves once every open one has ended — unlike
 * `http.Server#close`, which also cuts idle connections at once: a proxy may be writing a POST into
 * a kept-alive connection at that very moment, and may not repeat it. Requests arriving on open
 * connections are answered with `Connection: close` (the closing phase), so each ends after its
 * answer; the proxy closes its own idle ones (nginx `keepalive_timeout`, 4 s recommended, less
 * than IDLE_CONNECTION_WAIT_MS), and those still idle after that wait (a browser's spare
 * connection) are closed then. In-flight requests are waited for; the caller bounds the whole.
 */
export function stopAccepting(server: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    const idle = setTimeout(() => server.closeIdleConnections(), IDLE_CONNECTION_WAIT_MS);
    idle.unref();
    NetServer.prototype.close.call(server, () => {
      clearTimeout(idle);
      resolve();
    });
  });
}

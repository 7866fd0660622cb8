import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from '@smena/contract';
import { AppError } from '../lib/app-error.ts';

/**
 * Prometheus metrics with prom-client (docs/operations.md, «Метрики»): the process (memory, CPU,
 * event-loop lag, GC), HTTP requests by route pattern, the PostgreSQL pool and the jobs queue.
 * Labels carry route patterns, methods, status codes and job kinds only: never an id, an email
 * or any other personal value, and never an unbounded set.
 */

/** What the jobs table holds (modules/jobs countJobs; app.ts wires it in). */
export type JobCounts = { due: number; scheduled: number; running: number; dead: number };

export type MetricsOptions = {
  /** The node-postgres pool, when the database is PostgreSQL. */
  pool?: pg.Pool;
  /** One cheap query run on each scrape. */
  countJobs?: () => Promise<JobCounts>;
  log: FastifyBaseLogger;
};

export type Metrics = {
  /** This app's own metrics (each app instance has its own: tests build many in one process). */
  registry: Registry;
  contentType: string;
  /** The text a scrape answers: the process's metrics, then this app's. */
  scrape: () => Promise<string>;
  observeRequest: (method: string, route: string, statusCode: number, seconds: number) => void;
  jobFailed: (failure: { kind: string; dead: boolean }) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The route label of requests no route matched: 404s and the SPA's pages (served by the fallback). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of the web build's files (one route per file; their names change every build). */
export const STATIC_ROUTE = 'static';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds; from a cached read to a slow report export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape must answer within Prometheus's timeout (10 s by default) even when the database hangs. */
const JOBS_QUERY_TIMEOUT_MS = 2_000;

/** The route pattern of a request (`/api/v1/employees/:id`), never its URL. */
export function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url === undefined) return UNMATCHED_ROUTE;
  if (url.startsWith('/api/') || url === '/metrics') return url;
  return STATIC_ROUTE;
}

/**
 * Node's process metrics describe the process, not an app instance: one registry for them,
 * created once. collectDefaultMetrics starts a GC observer and an event-loop delay monitor on
 * each call, which tests building many apps in one process would pile up.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`exceeded ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  // No status code here: the counter has it, and each label multiplies the histogram's buckets.
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // The label sets are bounded (patterns × methods × statuses): their children are kept.
  const counters = new Map<string, Counter.Internal>();
  const timers = new Map<string, Histogram.Internal<'method' | 'route'>>();

  const { pool } = options;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections_open',
      help: 'PostgreSQL connections the pool holds, busy and idle',
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'db_pool_connections_idle',
      help: 'PostgreSQL connections the pool holds that no query uses',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_requests_waiting',
      help: 'Queries waiting for a pool connection (all are busy)',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_connections_max',
      help: 'The most connections the pool opens',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  const { countJobs, log } = options;
  if (countJobs) {
    new Gauge({
      name: 'jobs_by_state',
      help: 'Jobs in the queue table: due (waiting for a runner), scheduled (later), running, dead (failed for good, kept 30 days)',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        try {
          const counts = await withTimeout(countJobs(), JOBS_QUERY_TIMEOUT_MS);
          for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
        } catch (error) {
          // No numbers rather than stale ones: the series disappear until the database answers.
          this.reset();
          log.warn({ err: error }, 'metrics: the jobs could not be counted');
        }
      },
    });
  }
  const jobFailures = new Counter({
    name: 'jobs_failed_total',
    help: 'Failed job attempts of this instance, by kind and outcome (retry: tried again later; dead: no more attempts)',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });

  return {
    registry,
    contentType: registry.contentType,
    async scrape() {
      const [processText, appText] = await Promise.all([
        processMetrics().metrics(),
        registry.metrics(),
      ]);
      return `${processText}\n${appText}`;
    },
    observeRequest(method, route, statusCode, seconds) {
      const methodLabel = METHODS.has(method) ? method : 'OTHER';
      const timerKey = `${methodLabel} ${route}`;
      let timer = timers.get(timerKey);
      if (!timer) {
        timer = durations.labels(methodLabel, route);
        timers.set(timerKey, timer);
      }
      timer.observe(seconds);
      const counterKey = `${timerKey} ${statusCode}`;
      let counter = counters.get(counterKey);
      if (!counter) {
        counter = requests.labels(methodLabel, route, String(statusCode));
        counters.set(counterKey, counter);
      }
      counter.inc();
    },
    jobFailed({ kind, dead }) {
      jobFailures.inc({ kind, outcome: dead ? 'dead' : 'retry' });
    },
  };
}

/** Compares in constant time: both sides hashed first, so that the lengths match too. */
function isSameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Whether an Authorization header carries the metrics token (always true without a token). */
function isAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const [scheme, given] = (header ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && given !== undefined && isSameSecret(given, token);
}

const UNAUTHORIZED_MESSAGE = 'Нужен токен метрик (Authorization: Bearer <METRICS_TOKEN>)';

/**
 * Counts every answer (onResponse, with Fastify's own timer). Registered first, so that it sees
 * every route; it decorates the app with `metrics` (server.ts serves METRICS_PORT from it).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { metrics: Metrics }) => {
  const { metrics } = options;
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      routeLabel(request),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
});

/**
 * GET /metrics on the main port, to `Authorization: Bearer <METRICS_TOKEN>`; without a token
 * configured it answers 404, as any unknown address does. Registered after the error handler,
 * whose one error shape it answers in.
 */
export const metricsRoute = fp(
  async (app: FastifyInstance, options: { metrics: Metrics; token: string | undefined }) => {
    const { metrics, token } = options;
    app.get(
      '/metrics',
      {
        schema: { hide: true },
        // The auth hook guards /api/v1 only: this route checks METRICS_TOKEN itself.
        config: { access: 'public' },
      },
      async (request, reply) => {
        if (token === undefined) throw AppError.notFound('Страница не найдена');
        if (!isAuthorized(request.headers.authorization, token)) {
          reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
          throw AppError.unauthorized(UNAUTHORIZED_MESSAGE);
        }
        const text = await metrics.scrape();
        return reply
          .header('Content-Type', metrics.contentType)
          .header('Cache-Control', 'no-store')
          .send(text);
      },
    );
  },
);

function sendError(response: ServerResponse, statusCode: number, code: ErrorCode, message: string) {
  response.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ statusCode, code, message }));
}

export type MetricsListener = { address: AddressInfo; close: () => Promise<void> };

/**
 * A listener of its own for Prometheus (METRICS_PORT): GET /metrics and nothing else, no API, no
 * SPA. Plain node:http — there is nothing to route. METRICS_TOKEN, when set, is asked here too.
 */
export async function listenForMetrics(
  metrics: Metrics,
  options: { host: string; port: number; token: string | undefined; log: FastifyBaseLogger },
): Promise<MetricsListener> {
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      return sendError(response, 404, ErrorCode.NOT_FOUND, 'Не найдено');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return sendError(response, 405, ErrorCode.BAD_REQUEST, 'Метод не поддерживается');
    }
    if (!isAuthorized(request.headers.authorization, options.token)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(response, 401, ErrorCode.UNAUTHORIZED, UNAUTHORIZED_MESSAGE);
    }
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, {
          'Content-Type': metrics.contentType,
          'Cache-Control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics: the scrape failed');
        sendError(response, 500, ErrorCode.INTERNAL_ERROR, 'Внутренняя ошибка сервера');
      },
    );
  };
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  options.log.info(
    { host: address.address, port: address.port },
    'metrics: Prometheus scrapes /metrics on its own port',
  );
  return {
    address,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { RateLimitedError, waitText } from '../lib/rate-limited-error.ts';

/** A per-IP ceiling on one route (`config.rateLimit`), with its own words for the refusal. */
export function perIpLimit(limit: { max: number; timeWindow: string }) {
  return {
    ...limit,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new RateLimitedError(
        `Слишком много запросов с вашего адреса. Повторите через ${waitText(seconds)}`,
        seconds,
      );
    },
  };
}

/**
 * Rate limits are off by default and switched on per route (`config.rateLimit`). Counters live in
 * Redis when REDIS_URL is set, so that several instances share them; in memory otherwise. Every
 * 429 carries `Retry-After`, whoever refused.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redis?: Redis }) => {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'smena-rl:' } : {}),
    // The plugin throws what this returns; the error handler turns it into the one error shape.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new RateLimitedError(`Слишком много попыток. Повторите через ${seconds} с`, seconds);
    },
  });
  // onError runs before the error handler, the place to add a header to an error's answer.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
  });
});

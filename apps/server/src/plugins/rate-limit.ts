import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@smena/contract';
import { AppError } from '../lib/app-error.ts';

/**
 * Rate limits are off by default and switched on per route (`config.rateLimit`). Counters live in
 * Redis when REDIS_URL is set, so that several instances share them; in memory otherwise.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redis?: Redis }) => {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'smena-rl:' } : {}),
    // The plugin throws what this returns; the error handler turns it into the one error shape.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        ErrorCode.RATE_LIMITED,
        `Слишком много попыток. Повторите через ${seconds} с`,
      );
    },
  });
});

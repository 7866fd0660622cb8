import type { FastifyRequest } from 'fastify';
import { ErrorResponseSchema } from '@smena/contract';
import type { z } from 'zod';
import type { RequestMeta } from './auth-context.ts';

/** Response schemas of a route plus the one error shape for every error status, for OpenAPI. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  return {
    ...success,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    402: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    422: ErrorResponseSchema,
    410: ErrorResponseSchema,
    429: ErrorResponseSchema,
  };
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip ?? null };
}

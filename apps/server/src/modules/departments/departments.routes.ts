import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';

/** Placeholder wired in app.ts; the module's routes are being written. */
export function departmentsRoutes(_deps: ModuleDeps) {
  return async function (_fastify: FastifyInstance) {};
}

import type { Role } from '@smena/contract';

/**
 * Every API route declares who may call it in its route config:
 * - 'public': anybody, no token;
 * - 'authenticated': any logged-in user, whatever the role;
 * - a list of roles: a logged-in user holding one of them.
 * A route without a declaration answers 500, and a test fails on it first.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

export const ADMIN_ONLY = ['ADMIN'] as const satisfies readonly Role[];
export const ADMIN_OR_MANAGER = ['ADMIN', 'MANAGER'] as const satisfies readonly Role[];
export const COMPANY_MEMBERS = ['ADMIN', 'MANAGER', 'EMPLOYEE'] as const satisfies readonly Role[];
export const SUPERADMIN_ONLY = ['SUPERADMIN'] as const satisfies readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** API keys may call this route too (checks/create, checks/punch, GET employees, branches). */
    apiKey?: boolean;
  }
}

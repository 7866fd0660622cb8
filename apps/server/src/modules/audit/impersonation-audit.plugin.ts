import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { createAuditRepository } from './audit.repository.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every successful write made while a super admin impersonates a company admin is recorded with
 * both users, whatever the route — new routes are covered the day they are added.
 */
export const impersonationAuditPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  const audit = createAuditRepository(options.db);
  // onSend, not onResponse: the entry is written before the caller learns that the write succeeded.
  // A callback hook: answers outside impersonation (nearly all) pay no promise for it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const auth = request.auth;
    if (!auth?.impersonatorId || !WRITE_METHODS.has(request.method) || reply.statusCode >= 400) {
      done(null, payload);
      return;
    }
    const params = request.params as Record<string, unknown> | undefined;
    audit
      .record({
        companyId: auth.companyId,
        userId: auth.userId,
        impersonatorId: auth.impersonatorId,
        action: request.method,
        entity: request.routeOptions.url ?? request.url,
        entityId: params?.id !== undefined ? String(params.id) : null,
        details: { statusCode: reply.statusCode },
      })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'could not write the audit log');
      })
      .then(() => done(null, payload));
  });
});

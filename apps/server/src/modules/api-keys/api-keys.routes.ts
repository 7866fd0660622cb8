import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiKeyListSchema,
  ApiKeySchema,
  CreateApiKeyInputSchema,
  CreatedApiKeySchema,
  IdParamsSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_ONLY } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const tags = ['API-ключи'];
const config = { access: ADMIN_ONLY };

/** Keys of terminals and integrations: the company's ADMIN only. */
export function apiKeysRoutes(apiKeysService: ApiKeysService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api-keys',
      {
        schema: {
          tags,
          summary: 'API-ключи компании',
          response: responses({ 200: ApiKeyListSchema }),
        },
        config,
      },
      (request) => apiKeysService.listApiKeys(companyAuth(request)),
    );

    app.post(
      '/api-keys',
      {
        schema: {
          tags,
          summary: 'Создать API-ключ (секрет показывается один раз)',
          body: CreateApiKeyInputSchema,
          response: responses({ 201: CreatedApiKeySchema }),
        },
        config,
      },
      async (request, reply) => {
        const created = await apiKeysService.createApiKey(companyAuth(request), request.body);
        return reply.status(201).send(created);
      },
    );

    for (const [method, url] of [
      ['DELETE', '/api-keys/:id'],
      ['POST', '/api-keys/:id/revoke'],
    ] as const) {
      app.route({
        method,
        url,
        schema: {
          tags,
          summary: 'Отозвать API-ключ',
          params: IdParamsSchema,
          response: responses({ 200: ApiKeySchema }),
        },
        config,
        handler: (request) => apiKeysService.revokeApiKey(companyAuth(request), request.params.id),
      });
    }
  };
}

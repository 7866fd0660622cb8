import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfigEntryListSchema,
  ConfigEntrySchema,
  ConfigKeyParamsSchema,
  ConfigOverrideParamsSchema,
  CreateConfigEntryInputSchema,
  OkResponseSchema,
  RemoteConfigSchema,
  SetConfigOverrideInputSchema,
  UpdateConfigEntryInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { optionalAuth, requireAuth, type AccessTokenAuthenticator } from '../../plugins/auth.ts';
import type { RemoteConfigService } from './remote-config.service.ts';

/**
 * GET /config for the SPA (public: global values before sign-in, the company's own values with
 * its token) and the super admin's editor under /admin/config.
 */
export function remoteConfigRoutes(deps: {
  service: RemoteConfigService;
  authenticate: AccessTokenAuthenticator;
  ttlSeconds: number;
}) {
  const { service, authenticate, ttlSeconds } = deps;

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/config',
      {
        schema: {
          tags: ['Справочники'],
          summary: 'Удалённая конфигурация приложения: флаги и значения (с учётом компании)',
          security: [],
          response: responses({ 200: RemoteConfigSchema }),
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const auth = await optionalAuth(request, authenticate);
        const values = await service.getValues(auth?.companyId ?? null);
        // The answer depends on the caller's token, and a flag the super admin changes must reach
        // the next reload: private caches may keep it but must ask again (the SPA keeps its own
        // copy and refreshes it every ttlSeconds).
        reply.header('cache-control', 'private, no-cache');
        reply.header('vary', 'Authorization');
        return { values, ttlSeconds };
      },
    );

    const tags = ['Настройки (супер админ)'];
    const config = { access: SUPERADMIN_ONLY };

    app.get(
      '/admin/config',
      {
        schema: {
          tags,
          summary: 'Ключи удалённой конфигурации со значениями компаний',
          response: responses({ 200: ConfigEntryListSchema }),
        },
        config,
      },
      () => service.listEntries(),
    );

    app.post(
      '/admin/config',
      {
        schema: {
          tags,
          summary: 'Добавить ключ',
          body: CreateConfigEntryInputSchema,
          response: responses({ 201: ConfigEntrySchema }),
        },
        config,
      },
      async (request, reply) => {
        const entry = await service.createEntry(requireAuth(request), request.body);
        return reply.status(201).send(entry);
      },
    );

    app.patch(
      '/admin/config/:key',
      {
        schema: {
          tags,
          summary: 'Изменить значение или описание ключа',
          params: ConfigKeyParamsSchema,
          body: UpdateConfigEntryInputSchema,
          response: responses({ 200: ConfigEntrySchema }),
        },
        config,
      },
      (request) => service.updateEntry(requireAuth(request), request.params.key, request.body),
    );

    app.delete(
      '/admin/config/:key',
      {
        schema: {
          tags,
          summary: 'Удалить ключ (кроме поставляемых с приложением)',
          params: ConfigKeyParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config,
      },
      async (request) => {
        await service.deleteEntry(requireAuth(request), request.params.key);
        return { ok: true as const };
      },
    );

    app.put(
      '/admin/config/:key/overrides/:companyId',
      {
        schema: {
          tags,
          summary: 'Задать значение ключа для компании',
          params: ConfigOverrideParamsSchema,
          body: SetConfigOverrideInputSchema,
          response: responses({ 200: ConfigEntrySchema }),
        },
        config,
      },
      (request) =>
        service.setOverride(
          requireAuth(request),
          request.params.key,
          request.params.companyId,
          request.body.value,
        ),
    );

    app.delete(
      '/admin/config/:key/overrides/:companyId',
      {
        schema: {
          tags,
          summary: 'Вернуть компании общее значение ключа',
          params: ConfigOverrideParamsSchema,
          response: responses({ 200: ConfigEntrySchema }),
        },
        config,
      },
      (request) =>
        service.deleteOverride(requireAuth(request), request.params.key, request.params.companyId),
    );
  };
}

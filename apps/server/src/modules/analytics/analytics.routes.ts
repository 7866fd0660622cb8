import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminAnalyticsQuerySchema,
  AdminAnalyticsSchema,
  AnalyticsBatchResultSchema,
  AnalyticsBatchSchema,
  AnalyticsPreferenceSchema,
  ErrorCode,
} from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';
import { responses } from '../../lib/route-helpers.ts';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { optionalAuth, requireAuth, type AccessTokenAuthenticator } from '../../plugins/auth.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** A full batch of 100 events is far below this; anything bigger is not from the SPA. */
const EVENTS_BODY_LIMIT = 256 * 1024;

export function analyticsRoutes(deps: {
  service: AnalyticsService;
  authenticate: AccessTokenAuthenticator;
  /** Batches per minute from one device. */
  rateLimitMax: number;
}) {
  const { service, authenticate, rateLimitMax } = deps;

  return async function (fastify: FastifyInstance) {
    // Own context: only the events route reads JSON sent as text/plain, which is what
    // navigator.sendBeacon sends for a string body.
    await fastify.register(async (events) => {
      events.removeContentTypeParser('text/plain');
      events.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, JSON.parse(typeof body === 'string' ? body : body.toString('utf8')));
        } catch (error) {
          done(error as Error, undefined);
        }
      });

      events.withTypeProvider<ZodTypeProvider>().post(
        '/analytics/events',
        {
          schema: {
            tags: ['Аналитика'],
            summary:
              'Пакет событий продукта с устройства (без персональных данных; токен — в заголовке или в теле для sendBeacon)',
            security: [],
            body: AnalyticsBatchSchema,
            response: responses({ 200: AnalyticsBatchResultSchema }),
          },
          bodyLimit: EVENTS_BODY_LIMIT,
          config: {
            access: 'public',
            // Per device, counted once the body has been validated (preHandler), so the key is
            // the batch's own deviceId.
            rateLimit: {
              max: rateLimitMax,
              timeWindow: '1 minute',
              hook: 'preHandler',
              keyGenerator: (request: FastifyRequest) =>
                `analytics:${(request.body as { deviceId: string }).deviceId}`,
              errorResponseBuilder: (_request, context) =>
                new AppError(
                  ErrorCode.RATE_LIMITED,
                  `Слишком много событий с этого устройства. Повторите через ${Math.max(1, Math.ceil(context.ttl / 1000))} с`,
                ),
            },
          },
        },
        async (request) => {
          const { token, ...batch } = request.body;
          const auth = await optionalAuth(request, authenticate, token);
          return { accepted: await service.recordBatch(auth, batch) };
        },
      );
    });

    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/profile/analytics',
      {
        schema: {
          tags: ['Профиль'],
          summary: 'Собирать ли обезличенную аналитику действий пользователя',
          response: responses({ 200: AnalyticsPreferenceSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => service.getPreference(requireAuth(request)),
    );

    app.put(
      '/profile/analytics',
      {
        schema: {
          tags: ['Профиль'],
          summary: 'Включить или выключить аналитику для себя',
          body: AnalyticsPreferenceSchema,
          response: responses({ 200: AnalyticsPreferenceSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => service.setPreference(requireAuth(request), request.body.enabled),
    );

    app.get(
      '/admin/analytics',
      {
        schema: {
          tags: ['Сводка (супер админ)'],
          summary:
            'Аналитика продукта: активные пользователи по дням и неделям, компании, функции, страницы, воронка регистрации',
          querystring: AdminAnalyticsQuerySchema,
          response: responses({ 200: AdminAnalyticsSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => service.getAdminAnalytics(request.query),
    );
  };
}

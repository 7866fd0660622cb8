import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ListNotificationsQuerySchema,
  MarkNotificationsReadInputSchema,
  MarkNotificationsReadResultSchema,
  NotificationsPageSchema,
  PushPublicKeySchema,
  TestNotificationResultSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['Уведомления'];
const config = { access: COMPANY_MEMBERS };

/** The caller's own notifications and the VAPID key their browser subscribes with. */
export function notificationsRoutes(notificationsService: NotificationsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/push/public-key',
      {
        schema: {
          tags,
          summary: 'Открытый VAPID-ключ для подписки браузера на push-уведомления',
          response: responses({ 200: PushPublicKeySchema }),
        },
        config,
      },
      (request) => {
        companyAuth(request);
        return notificationsService.getPushPublicKey();
      },
    );

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          summary: 'Мои уведомления, новые сначала, и число непрочитанных',
          querystring: ListNotificationsQuerySchema,
          response: responses({ 200: NotificationsPageSchema }),
        },
        config,
      },
      (request) => notificationsService.listNotifications(companyAuth(request), request.query),
    );

    app.post(
      '/notifications/read',
      {
        schema: {
          tags,
          summary: 'Отметить уведомления прочитанными (без ids — все)',
          // No body at all means "all", as `{}` does.
          body: MarkNotificationsReadInputSchema.nullish(),
          response: responses({ 200: MarkNotificationsReadResultSchema }),
        },
        config,
      },
      (request) => notificationsService.markRead(companyAuth(request), request.body ?? {}),
    );

    app.post(
      '/notifications/test',
      {
        schema: {
          tags,
          summary: 'Отправить себе тестовое уведомление',
          response: responses({ 200: TestNotificationResultSchema }),
        },
        config,
      },
      (request) => notificationsService.sendTestNotification(companyAuth(request)),
    );
  };
}

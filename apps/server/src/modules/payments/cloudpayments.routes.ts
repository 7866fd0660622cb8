import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProviderNotificationAnswerSchema } from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';
import { responses } from '../../lib/route-helpers.ts';
import type { CloudPaymentsNotifications, NotificationKind } from './cloudpayments.service.ts';

const tags = ['Оплата'];
const KINDS: { kind: NotificationKind; summary: string }[] = [
  { kind: 'check', summary: 'CloudPayments: проверка счёта перед оплатой' },
  { kind: 'pay', summary: 'CloudPayments: оплата прошла' },
  { kind: 'fail', summary: 'CloudPayments: оплата отклонена' },
];

/** The signature covers the exact bytes sent, so these routes take the body as raw text. */
const RawBodySchema = z
  .string()
  .max(64 * 1024)
  .optional();
const SignatureHeadersSchema = z.looseObject({
  'content-hmac': z.string().max(200).optional(),
  'x-content-hmac': z.string().max(200).optional(),
});

/**
 * Server-to-server notifications of CloudPayments. Public (the signature is the credential);
 * when card payments are off they answer 404.
 */
export function cloudPaymentsRoutes(notifications: CloudPaymentsNotifications | null) {
  return async function (fastify: FastifyInstance) {
    // Only inside this plugin: every content type is kept as the text that was signed.
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    for (const { kind, summary } of KINDS) {
      app.post(
        `/payments/cloudpayments/${kind}`,
        {
          schema: {
            tags,
            summary,
            security: [],
            headers: SignatureHeadersSchema,
            body: RawBodySchema,
            response: responses({ 200: ProviderNotificationAnswerSchema }),
          },
          config: { access: 'public' },
        },
        async (request) => {
          if (!notifications) throw AppError.notFound('Оплата картой не подключена');
          return notifications.handle(
            kind,
            {
              rawBody: typeof request.body === 'string' ? request.body : '',
              contentType: request.headers['content-type'],
              headers: request.headers,
            },
            request.log,
          );
        },
      );
    }
  };
}

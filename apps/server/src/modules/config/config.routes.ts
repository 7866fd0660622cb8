import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigSchema } from '@smena/contract';
import type { Env } from '../../config/env.ts';
import { responses } from '../../lib/route-helpers.ts';
import { cloudPaymentsSettings } from '../payments/index.ts';

/**
 * What the SPA needs to know about the installation before anyone logs in. The Yandex Maps key is
 * a browser key by design (Yandex restricts it by HTTP referrer), so it may be public.
 */
export function configRoutes(env: Env) {
  return async function (fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/config/public',
      {
        schema: {
          tags: ['Справочники'],
          summary: 'Публичные настройки установки',
          security: [],
          response: responses({ 200: PublicConfigSchema }),
        },
        config: { access: 'public' },
      },
      () => {
        // The public id is public by design (the widget runs in the browser); the secret never leaves.
        const cloudPayments = cloudPaymentsSettings(env);
        return {
          yandexMapsApiKey: env.YANDEX_MAPS_API_KEY ?? null,
          paymentProvider: cloudPayments ? ('cloudpayments' as const) : ('manual' as const),
          cloudPaymentsPublicId: cloudPayments?.publicId ?? null,
          operator: env.OPERATOR_NAME
            ? {
                name: env.OPERATOR_NAME,
                inn: env.OPERATOR_INN ?? null,
                ogrn: env.OPERATOR_OGRN ?? null,
                address: env.OPERATOR_ADDRESS ?? null,
                email: env.OPERATOR_EMAIL ?? null,
                phone: env.OPERATOR_PHONE ?? null,
              }
            : null,
        };
      },
    );
  };
}

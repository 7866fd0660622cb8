import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkResultSchema,
  DeviationActionInputSchema,
  DeviationsCountSchema,
  DeviationsQuerySchema,
  DeviationsSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createDeviationsService } from './deviations.service.ts';

const tags = ['Отклонения'];

/**
 * The deviations inbox (decision 024): late arrivals, early leaves, НН, forgotten check-outs,
 * overtime, work on days off, checks without a shift, refused checks and corrections of a
 * period — and what managers decide about them, one at a time or many at once.
 */
export function deviationsRoutes(deps: Pick<ModuleDeps, 'db'>) {
  const service = createDeviationsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/deviations',
      {
        schema: {
          tags,
          summary:
            'Отклонения за период (до 62 дней): по типу, филиалу, отделу, сотруднику и статусу',
          querystring: DeviationsQuerySchema,
          response: responses({ 200: DeviationsSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.list(companyAuth(request), request.query),
    );

    app.get(
      '/deviations/count',
      {
        schema: {
          tags,
          summary: 'Число новых отклонений текущего месяца (для меню)',
          response: responses({ 200: DeviationsCountSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.count(companyAuth(request)),
    );

    app.post(
      '/deviations/actions',
      {
        schema: {
          tags,
          summary:
            'Решение по отклонениям (одному или многим, до 1000): уважительная причина, код табеля, согласование сверхурочных, РВ или день отдыха, комментарий',
          body: DeviationActionInputSchema,
          response: responses({ 200: BulkResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) =>
        service.act(companyAuth(request), request.body, (error) =>
          request.log.error({ err: error }, 'deviation action: an item failed unexpectedly'),
        ),
    );
  };
}

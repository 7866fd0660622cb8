import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema } from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['Сводка'];

/** The company dashboard: today, the last 14 days, the branches and the latest checks. */
export function dashboardRoutes(dashboardService: DashboardService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/dashboard',
      {
        schema: {
          tags,
          summary:
            'Сводка компании: сегодня, последние 14 дней, филиалы и последние отметки (часовой пояс компании)',
          response: responses({ 200: DashboardSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => dashboardService.getDashboard(companyAuth(request)),
    );
  };
}

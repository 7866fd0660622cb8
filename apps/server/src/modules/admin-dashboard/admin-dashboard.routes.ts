import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminDashboardSchema } from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';

const tags = ['Сводка (супер админ)'];

/** The super admin's dashboard: companies, users, employees, checks, payments, sign-ups. */
export function adminDashboardRoutes(adminDashboardService: AdminDashboardService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/admin/dashboard',
      {
        schema: {
          tags,
          summary:
            'Сводка сервиса: компании, пользователи, сотрудники, отметки за сутки и оплаты за месяц (UTC), новые компании по неделям',
          response: responses({ 200: AdminDashboardSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      () => adminDashboardService.getDashboard(),
    );
  };
}

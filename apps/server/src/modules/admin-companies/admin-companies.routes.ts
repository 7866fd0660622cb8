import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCompaniesPageSchema,
  AdminCompanySchema,
  AuditEntriesPageSchema,
  CreateAdminCompanyInputSchema,
  IdParamsSchema,
  ListAdminCompaniesQuerySchema,
  ListAuditQuerySchema,
  UpdateAdminCompanyInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createAdminCompaniesService } from './admin-companies.service.ts';

const tags = ['Компании (супер админ)'];

/** The super admin's companies; entering one as its admin is POST /auth/auth-with-admin/:id. */
export function adminCompaniesRoutes(deps: ModuleDeps) {
  const service = createAdminCompaniesService({
    db: deps.db,
    authService: deps.authService,
    ...(deps.beginCompanyAccessChange ? { beginAccessChange: deps.beginCompanyAccessChange } : {}),
  });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const config = { access: SUPERADMIN_ONLY };

    app.get(
      '/admin/companies',
      {
        schema: {
          tags,
          summary: 'Компании: поиск, фильтры по статусу и тарифу, сортировка',
          querystring: ListAdminCompaniesQuerySchema,
          response: responses({ 200: AdminCompaniesPageSchema }),
        },
        config,
      },
      (request) => service.listCompanies(request.query),
    );

    app.post(
      '/admin/companies',
      {
        schema: {
          tags,
          summary: 'Создать компанию с администратором (пробный период, как при регистрации)',
          body: CreateAdminCompanyInputSchema,
          response: responses({ 201: AdminCompanySchema }),
        },
        config,
      },
      async (request, reply) => {
        const company = await service.createCompany(requireAuth(request), request.body);
        return reply.status(201).send(company);
      },
    );

    app.get(
      '/admin/companies/:id',
      {
        schema: {
          tags,
          summary: 'Компания',
          params: IdParamsSchema,
          response: responses({ 200: AdminCompanySchema }),
        },
        config,
      },
      (request) => service.getCompany(request.params.id),
    );

    app.patch(
      '/admin/companies/:id',
      {
        schema: {
          tags,
          summary: 'Изменить компанию и условия тарифа',
          params: IdParamsSchema,
          body: UpdateAdminCompanyInputSchema,
          response: responses({ 200: AdminCompanySchema }),
        },
        config,
      },
      (request) => service.updateCompany(requireAuth(request), request.params.id, request.body),
    );

    app.post(
      '/admin/companies/:id/block',
      {
        schema: {
          tags,
          summary: 'Заблокировать компанию: её пользователи теряют доступ сразу',
          params: IdParamsSchema,
          response: responses({ 200: AdminCompanySchema }),
        },
        config,
      },
      (request) => service.blockCompany(requireAuth(request), request.params.id),
    );

    app.post(
      '/admin/companies/:id/unblock',
      {
        schema: {
          tags,
          summary: 'Разблокировать компанию',
          params: IdParamsSchema,
          response: responses({ 200: AdminCompanySchema }),
        },
        config,
      },
      (request) => service.unblockCompany(requireAuth(request), request.params.id),
    );

    app.get(
      '/admin/companies/:id/audit',
      {
        schema: {
          tags,
          summary: 'Журнал действий в компании, новые сверху (с именами и входом супер админа)',
          params: IdParamsSchema,
          querystring: ListAuditQuerySchema,
          response: responses({ 200: AuditEntriesPageSchema }),
        },
        config,
      },
      (request) => service.listAudit(request.params.id, request.query),
    );
  };
}

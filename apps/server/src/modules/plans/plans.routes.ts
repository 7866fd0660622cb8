import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompanyPlanSchema,
  CreatePlanInputSchema,
  DeletePlanResultSchema,
  IdParamsSchema,
  ListPlansQuerySchema,
  PlanSchema,
  PlansPageSchema,
  PublicPlansSchema,
  UpdatePlanInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { COMPANY_MEMBERS, SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { PlansService } from './plans.service.ts';

const tags = ['Тарифы'];

/** The super admin's plans, the public price list, and the company's own plan. */
export function plansRoutes(plansService: PlansService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/plans/public',
      {
        schema: {
          tags,
          summary: 'Тарифы в продаже (для страницы об оплате)',
          security: [],
          response: responses({ 200: PublicPlansSchema }),
        },
        config: { access: 'public' },
      },
      () => plansService.publicPlans(),
    );

    app.get(
      '/plan',
      {
        schema: {
          tags,
          summary: 'Тариф компании: лимит, оплаченный период, состояние',
          response: responses({ 200: CompanyPlanSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => plansService.companyPlan(companyAuth(request)),
    );

    app.get(
      '/admin/plans',
      {
        schema: {
          tags,
          summary: 'Тарифы сервиса',
          querystring: ListPlansQuerySchema,
          response: responses({ 200: PlansPageSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => plansService.listPlans(request.query),
    );

    app.get(
      '/admin/plans/:id',
      {
        schema: {
          tags,
          summary: 'Тариф',
          params: IdParamsSchema,
          response: responses({ 200: PlanSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => plansService.getPlan(request.params.id),
    );

    app.post(
      '/admin/plans',
      {
        schema: {
          tags,
          summary: 'Создать тариф',
          body: CreatePlanInputSchema,
          response: responses({ 201: PlanSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      async (request, reply) => {
        const plan = await plansService.createPlan(request.body);
        return reply.status(201).send(plan);
      },
    );

    app.patch(
      '/admin/plans/:id',
      {
        schema: {
          tags,
          summary: 'Изменить тариф',
          params: IdParamsSchema,
          body: UpdatePlanInputSchema,
          response: responses({ 200: PlanSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => plansService.updatePlan(request.params.id, request.body),
    );

    app.delete(
      '/admin/plans/:id',
      {
        schema: {
          tags,
          summary: 'Удалить тариф (оплаченный когда-либо — снимается с продажи)',
          params: IdParamsSchema,
          response: responses({ 200: DeletePlanResultSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => plansService.deletePlan(request.params.id),
    );
  };
}

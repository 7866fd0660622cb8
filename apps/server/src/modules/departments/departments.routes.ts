import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateDepartmentInputSchema,
  DeleteResultSchema,
  DepartmentSchema,
  DepartmentsPageSchema,
  IdParamsSchema,
  ListDepartmentsQuerySchema,
  UpdateDepartmentInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createDepartmentsService } from './departments.service.ts';

const tags = ['Отделы'];

/** Departments are read by every member (forms and filters) and edited by admins and managers. */
export function departmentsRoutes(deps: ModuleDeps) {
  const departmentsService = createDepartmentsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/departments',
      {
        schema: {
          tags,
          summary: 'Отделы компании',
          querystring: ListDepartmentsQuerySchema,
          response: responses({ 200: DepartmentsPageSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => departmentsService.listDepartments(companyAuth(request), request.query),
    );

    app.get(
      '/departments/:id',
      {
        schema: {
          tags,
          summary: 'Отдел',
          params: IdParamsSchema,
          response: responses({ 200: DepartmentSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => departmentsService.getDepartment(companyAuth(request), request.params.id),
    );

    app.post(
      '/departments',
      {
        schema: {
          tags,
          summary: 'Создать отдел',
          body: CreateDepartmentInputSchema,
          response: responses({ 201: DepartmentSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      async (request, reply) => {
        const department = await departmentsService.createDepartment(
          companyAuth(request),
          request.body,
        );
        return reply.status(201).send(department);
      },
    );

    app.patch(
      '/departments/:id',
      {
        schema: {
          tags,
          summary: 'Изменить отдел',
          params: IdParamsSchema,
          body: UpdateDepartmentInputSchema,
          response: responses({ 200: DepartmentSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) =>
        departmentsService.updateDepartment(companyAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/departments/:id',
      {
        schema: {
          tags,
          summary: 'Удалить отдел (вложенные переходят к его родителю)',
          params: IdParamsSchema,
          response: responses({ 200: DeleteResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => departmentsService.deleteDepartment(companyAuth(request), request.params.id),
    );
  };
}

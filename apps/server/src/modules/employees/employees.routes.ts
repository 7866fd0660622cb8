import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateEmployeeInputSchema,
  IdParamsSchema,
  DismissEmployeeInputSchema,
  EmployeeInvitedSchema,
  EmployeeSchema,
  EmployeesPageSchema,
  ExportEmployeesQuerySchema,
  ListEmployeesQuerySchema,
  ManagerScopeInputSchema,
  ManagerScopeSchema,
  UpdateEmployeeInputSchema,
} from '@smena/contract';
import { XLSX_CONTENT_TYPE } from '../../lib/file-download.ts';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_ONLY, ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { employeesWorkbook, exportContentDisposition } from './employees-export.ts';
import { createEmployeesService } from './employees.service.ts';

const tags = ['Сотрудники'];

const config = { access: ADMIN_OR_MANAGER };
/** Writes that change who is planned where (reminders follow). */
const writeConfig = { ...config, reschedulesReminders: true };

/** The export answers a file; only its errors are JSON. */
const exportResponses = {
  200: {
    description: 'Файл Excel (.xlsx) со списком сотрудников',
    content: { [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
  },
  ...responses({}),
};

export function employeesRoutes(deps: ModuleDeps) {
  const employeesService = createEmployeesService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/employees',
      {
        schema: {
          tags,
          summary: 'Список сотрудников: поиск, фильтры, сортировка, страницы',
          querystring: ListEmployeesQuerySchema,
          response: responses({ 200: EmployeesPageSchema }),
        },
        // Terminals read the staff list with their API key.
        config: { ...config, apiKey: true },
      },
      (request) => employeesService.listEmployees(companyAuth(request), request.query),
    );

    app.get(
      '/employees/export',
      {
        schema: {
          tags,
          summary: 'Выгрузка сотрудников в Excel с фильтрами списка',
          querystring: ExportEmployeesQuerySchema,
          response: exportResponses,
        },
        config,
      },
      async (request, reply) => {
        const auth = companyAuth(request);
        const today = new Date().toISOString().slice(0, 10);
        // Filters are checked and the first batch read before the headers go out (decision 011).
        const batches = await employeesService.exportEmployees(auth, request.query);
        const stream = employeesWorkbook(batches);
        return (
          reply
            .header('content-type', XLSX_CONTENT_TYPE)
            .header('content-disposition', exportContentDisposition(today))
            .header('cache-control', 'no-store')
            // The declared 200 describes the file for OpenAPI; Fastify pipes a stream as it is.
            .send(stream as unknown as string)
        );
      },
    );

    app.get(
      '/employees/:id',
      {
        schema: {
          tags,
          summary: 'Карточка сотрудника',
          params: IdParamsSchema,
          response: responses({ 200: EmployeeSchema }),
        },
        config,
      },
      (request) => employeesService.getEmployee(companyAuth(request), request.params.id),
    );

    app.post(
      '/employees',
      {
        schema: {
          tags,
          summary:
            'Добавить сотрудника (201). Если email или телефон уже принадлежат учётной записи — отправить этому человеку приглашение (202)',
          body: CreateEmployeeInputSchema,
          response: responses({ 201: EmployeeSchema, 202: EmployeeInvitedSchema }),
        },
        config: writeConfig,
      },
      async (request, reply) => {
        const result = await employeesService.createEmployee(companyAuth(request), request.body);
        return result.kind === 'created'
          ? reply.status(201).send(result.employee)
          : reply.status(202).send(result.body);
      },
    );

    app.patch(
      '/employees/:id',
      {
        schema: {
          tags,
          summary: 'Изменить сотрудника',
          params: IdParamsSchema,
          body: UpdateEmployeeInputSchema,
          response: responses({ 200: EmployeeSchema }),
        },
        config: writeConfig,
      },
      (request) =>
        employeesService.updateEmployee(companyAuth(request), request.params.id, request.body),
    );

    app.post(
      '/employees/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Уволить сотрудника (история сохраняется, место в тарифе освобождается)',
          params: IdParamsSchema,
          body: DismissEmployeeInputSchema,
          response: responses({ 200: EmployeeSchema }),
        },
        config: writeConfig,
      },
      (request) =>
        employeesService.dismissEmployee(companyAuth(request), request.params.id, request.body),
    );

    app.post(
      '/employees/:id/restore',
      {
        schema: {
          tags,
          summary: 'Восстановить уволенного сотрудника',
          params: IdParamsSchema,
          response: responses({ 200: EmployeeSchema }),
        },
        config: writeConfig,
      },
      (request) => employeesService.restoreEmployee(companyAuth(request), request.params.id),
    );

    app.get(
      '/employees/:id/manager-scope',
      {
        schema: {
          tags,
          summary: 'Кем управляет менеджер: вся компания или выбранные филиалы и отделы',
          params: IdParamsSchema,
          response: responses({ 200: ManagerScopeSchema }),
        },
        config,
      },
      (request) => employeesService.getManagerScope(companyAuth(request), request.params.id),
    );

    app.put(
      '/employees/:id/manager-scope',
      {
        schema: {
          tags,
          summary:
            'Задать, кем управляет менеджер: всей компанией или сотрудниками выбранных филиалов и отделов (только администратор)',
          params: IdParamsSchema,
          body: ManagerScopeInputSchema,
          response: responses({ 200: ManagerScopeSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) =>
        employeesService.setManagerScope(companyAuth(request), request.params.id, request.body),
    );
  };
}

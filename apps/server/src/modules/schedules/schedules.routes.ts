import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssignScheduleInputSchema,
  AssignScheduleResultSchema,
  CreateScheduleInputSchema,
  EmployeePlanSchema,
  IdParamsSchema,
  ListSchedulesQuerySchema,
  OkResponseSchema,
  PlanQuerySchema,
  ScheduleAssignmentListSchema,
  ScheduleSchema,
  SchedulesPageSchema,
  UpdateScheduleInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createSchedulesService } from './schedules.service.ts';

const tags = ['Графики'];

/**
 * Schedules are read by every member and edited by admins and managers; assignments give
 * employees a schedule from a date on; plans answer what each date is for an employee.
 */
export function schedulesRoutes(deps: ModuleDeps) {
  const schedulesService = createSchedulesService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/schedules',
      {
        schema: {
          tags,
          summary: 'Графики работы компании',
          querystring: ListSchedulesQuerySchema,
          response: responses({ 200: SchedulesPageSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => schedulesService.listSchedules(companyAuth(request), request.query),
    );

    app.get(
      '/schedules/:id',
      {
        schema: {
          tags,
          summary: 'График работы',
          params: IdParamsSchema,
          response: responses({ 200: ScheduleSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => schedulesService.getSchedule(companyAuth(request), request.params.id),
    );

    app.post(
      '/schedules',
      {
        schema: {
          tags,
          summary: 'Создать график',
          body: CreateScheduleInputSchema,
          response: responses({ 201: ScheduleSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      async (request, reply) => {
        const schedule = await schedulesService.createSchedule(companyAuth(request), request.body);
        return reply.status(201).send(schedule);
      },
    );

    app.patch(
      '/schedules/:id',
      {
        schema: {
          tags,
          summary:
            'Изменить график (новое расписание действует с effectiveFrom, прошедшие дни сохраняют прежнее)',
          params: IdParamsSchema,
          body: UpdateScheduleInputSchema,
          response: responses({ 200: ScheduleSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) =>
        schedulesService.updateSchedule(companyAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/schedules/:id',
      {
        schema: {
          tags,
          summary: 'Удалить график, который никому не назначался',
          params: IdParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      async (request) => {
        await schedulesService.deleteSchedule(companyAuth(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/schedule-assignments',
      {
        schema: {
          tags,
          summary: 'Назначить график сотрудникам с даты (прошедшие дни сохраняют прежний)',
          body: AssignScheduleInputSchema,
          response: responses({ 200: AssignScheduleResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) => schedulesService.assignSchedule(companyAuth(request), request.body),
    );

    app.delete(
      '/schedule-assignments/:id',
      {
        schema: {
          tags,
          summary: 'Отменить назначение графика',
          params: IdParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      async (request) => {
        await schedulesService.deleteAssignment(companyAuth(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/employees/:id/schedule-assignments',
      {
        schema: {
          tags,
          summary: 'История графиков сотрудника',
          params: IdParamsSchema,
          response: responses({ 200: ScheduleAssignmentListSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => schedulesService.listAssignments(companyAuth(request), request.params.id),
    );

    app.get(
      '/employees/:id/plan',
      {
        schema: {
          tags,
          summary: 'План сотрудника по дням (не больше 62 дней)',
          params: IdParamsSchema,
          querystring: PlanQuerySchema,
          response: responses({ 200: EmployeePlanSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) =>
        schedulesService.employeePlan(companyAuth(request), request.params.id, request.query),
    );

    app.get(
      '/profile/plan',
      {
        schema: {
          tags,
          summary: 'Мой план по дням (не больше 62 дней)',
          querystring: PlanQuerySchema,
          response: responses({ 200: EmployeePlanSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => schedulesService.ownPlan(companyAuth(request), request.query),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkCalendarInputSchema,
  BulkCalendarResultSchema,
  BulkEmployeesInputSchema,
  BulkResultSchema,
  CopyWeekInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createBulkCalendarService } from './bulk-calendar.service.ts';
import { createBulkEmployeesService } from './bulk-employees.service.ts';

/** Writes that change who is planned where (reminders follow). */
const writeConfig = { access: ADMIN_OR_MANAGER, reschedulesReminders: true };

/**
 * Bulk actions (decision 019): over many employees of the list, over many cells of the
 * calendar. Each answers how many items went through and, for each refused one, who and why.
 */
export function bulkRoutes(deps: ModuleDeps) {
  const employees = createBulkEmployeesService({ db: deps.db, sms: deps.sms });
  const calendar = createBulkCalendarService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/employees/bulk',
      {
        schema: {
          tags: ['Сотрудники'],
          summary:
            'Массовое действие над сотрудниками (выбранными или всеми по фильтру, до 1000): назначить график, перевести, уволить, отправить приглашения повторно',
          body: BulkEmployeesInputSchema,
          response: responses({ 200: BulkResultSchema }),
        },
        config: writeConfig,
      },
      (request) =>
        employees.apply(companyAuth(request), request.body, (error) =>
          request.log.error({ err: error }, 'bulk employees action: an item failed unexpectedly'),
        ),
    );

    app.post(
      '/calendar/bulk',
      {
        schema: {
          tags: ['Календарь'],
          summary:
            'Поставить смену, выходной или отсутствие (или вернуть план графика) сразу во многих ячейках календаря, до 5000',
          body: BulkCalendarInputSchema,
          response: responses({ 200: BulkCalendarResultSchema }),
        },
        config: writeConfig,
      },
      (request) =>
        calendar.applyCells(companyAuth(request), request.body, (error) =>
          request.log.error({ err: error }, 'bulk calendar action: an item failed unexpectedly'),
        ),
    );

    app.post(
      '/calendar/copy-week',
      {
        schema: {
          tags: ['Календарь'],
          summary:
            'Скопировать неделю сотрудников (смены и выходные) на следующие недели до указанной даты',
          body: CopyWeekInputSchema,
          response: responses({ 200: BulkCalendarResultSchema }),
        },
        config: writeConfig,
      },
      (request) => calendar.copyWeek(companyAuth(request), request.body),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmployeesAttendanceQuerySchema,
  EmployeesAttendanceSchema,
  OwnAttendanceQuerySchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createAttendanceDatesService } from './attendance-dates.service.ts';

const tags = ['Посещаемость'];

/**
 * What each date of employees means — lateness, early leave, worked time, absence and the checks
 * of its shift — as the attendance module computed it: the web shows it, never recomputes it.
 */
export function attendanceRoutes(deps: Pick<ModuleDeps, 'db'>) {
  const service = createAttendanceDatesService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/attendance',
      {
        schema: {
          tags,
          summary:
            'Посещаемость сотрудников по датам: опоздания, уходы, неявки, отметки (до 93 дней, до 200 сотрудников)',
          querystring: EmployeesAttendanceQuerySchema,
          response: responses({ 200: EmployeesAttendanceSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => {
        const { employeeIds, ...query } = request.query;
        const auth = companyAuth(request);
        return service.employeesDates(auth.companyId, employeeIds, query, auth.scope);
      },
    );

    app.get(
      '/profile/attendance',
      {
        schema: {
          tags,
          summary: 'Моя посещаемость по датам (до 93 дней)',
          querystring: OwnAttendanceQuerySchema,
          response: responses({ 200: EmployeesAttendanceSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => {
        const auth = companyAuth(request);
        return service.ownDates(auth.companyId, auth.employeeId, request.query, auth.scope);
      },
    );
  };
}

import {
  type CalendarViolationsQuerySchema,
  type CalendarViolationsResponse,
  type EmployeeViolations,
  MAX_CALENDAR_EMPLOYEES,
} from '@smena/contract';
import { addDays, planRuleViolations, planRulesCoverage } from '@smena/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createPlanningService } from '../planning/index.ts';
import { createCalendarRepository } from './calendar.repository.ts';

/** The first and the last date of a `yyyy-MM` month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${addDays(from, 31).slice(0, 8)}01`, -1) };
}

/**
 * The Labour Code checks of a month's plan (decision 026): the employees of the calendar's
 * filters (the caller's scope, up to the calendar's page size), planned with the roster and
 * without it over the dates the rules need, in the planning service's fixed number of queries.
 * Warnings only: nothing is refused.
 */
export function createCalendarViolations(deps: { db: Db }) {
  const repository = createCalendarRepository(deps.db);
  const planning = createPlanningService({ db: deps.db });

  return {
    async getViolations(
      auth: CompanyAuthContext,
      query: z.output<typeof CalendarViolationsQuerySchema>,
    ): Promise<CalendarViolationsResponse> {
      const filters = { branchId: query.branchId, departmentId: query.departmentId };
      const [branchFound, departmentFound] = await Promise.all([
        filters.branchId === undefined ||
          repository.isCompanyUnit(auth.companyId, { kind: 'BRANCH', id: filters.branchId }),
        filters.departmentId === undefined ||
          repository.isCompanyUnit(auth.companyId, {
            kind: 'DEPARTMENT',
            id: filters.departmentId,
          }),
      ]);
      if (!branchFound) throw AppError.notFound('Филиал не найден');
      if (!departmentFound) throw AppError.notFound('Отдел не найден');

      const period = monthRange(query.month);
      const { items } = await repository.findEmployeesPage(auth.companyId, auth.scope, filters, {
        limit: MAX_CALENDAR_EMPLOYEES,
        offset: 0,
      });
      const coverage = planRulesCoverage(period);
      // Summarized accounting (decision 030): the whole accounting period is planned.
      const periodsEnd = await planning.accountingPeriodsEnd(auth.companyId, period.to);
      if (periodsEnd > coverage.to) coverage.to = periodsEnd;
      const { plans, context } = await planning.planEmployees(
        auth.companyId,
        items.map((item) => item.id),
        coverage.from,
        coverage.to,
        { schedulePlans: true },
      );
      const employees: EmployeeViolations[] = [];
      let total = 0;
      for (const item of items) {
        const plan = plans.get(item.id);
        if (!plan) continue;
        const violations = planRuleViolations({
          timezone: plan.timezone,
          period,
          plans: plan.attendancePlans,
          schedulePlans: plan.schedulePlans,
          calendar: context.calendar,
          accountingPeriod: plan.schedule?.accountingPeriod,
        });
        if (violations.length === 0) continue;
        total += violations.length;
        employees.push({ employeeId: item.id, name: item.name, violations });
      }
      return { month: query.month, total, employees };
    },
  };
}

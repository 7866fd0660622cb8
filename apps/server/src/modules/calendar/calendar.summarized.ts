import {
  type CalendarSummarizedQuerySchema,
  type CalendarSummarizedResponse,
  type EmployeeSummarizedPeriod,
  MAX_CALENDAR_EMPLOYEES,
} from '@smena/contract';
import { accountingPeriodOf, periodNormMinutes, periodPlannedMinutes } from '@smena/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createPlanningService } from '../planning/index.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { monthRange } from './calendar.violations.ts';

/**
 * Summarized accounting in «Календарь» (decision 030): for the employees of the calendar's
 * filters whose schedule counts by a period, the hours planned over the period of the month
 * against its norm. A company without such schedules costs one query; otherwise the planning
 * service twice (the month's last date for everyone, then the periods of those on summarized
 * accounting), a fixed number of queries whatever the number of employees.
 */
export function createCalendarSummarized(deps: { db: Db }) {
  const repository = createCalendarRepository(deps.db);
  const planning = createPlanningService({ db: deps.db });

  return {
    async getSummarized(
      auth: CompanyAuthContext,
      query: z.output<typeof CalendarSummarizedQuerySchema>,
    ): Promise<CalendarSummarizedResponse> {
      const filters = { branchId: query.branchId, departmentId: query.departmentId };
      const [branchFound, departmentFound, periods] = await Promise.all([
        filters.branchId === undefined ||
          repository.isCompanyUnit(auth.companyId, { kind: 'BRANCH', id: filters.branchId }),
        filters.departmentId === undefined ||
          repository.isCompanyUnit(auth.companyId, {
            kind: 'DEPARTMENT',
            id: filters.departmentId,
          }),
        planning.accountingPeriods(auth.companyId),
      ]);
      if (!branchFound) throw AppError.notFound('Филиал не найден');
      if (!departmentFound) throw AppError.notFound('Отдел не найден');
      const answer: CalendarSummarizedResponse = { month: query.month, employees: [] };
      if (periods.length === 0) return answer;

      const monthEnd = monthRange(query.month).to;
      const { items } = await repository.findEmployeesPage(auth.companyId, auth.scope, filters, {
        limit: MAX_CALENDAR_EMPLOYEES,
        offset: 0,
      });
      // Whose accounting is summarized: the schedule in force on the month's last date.
      const { plans: current } = await planning.planEmployees(
        auth.companyId,
        items.map((item) => item.id),
        monthEnd,
        monthEnd,
      );
      const summarized = items.flatMap((item) => {
        const period = current.get(item.id)?.schedule?.accountingPeriod;
        return period ? [{ item, range: accountingPeriodOf(monthEnd, period) }] : [];
      });
      if (summarized.length === 0) return answer;
      let from = summarized[0]!.range.from;
      let to = summarized[0]!.range.to;
      for (const { range } of summarized) {
        if (range.from < from) from = range.from;
        if (range.to > to) to = range.to;
      }
      const { plans, context } = await planning.planEmployees(
        auth.companyId,
        summarized.map(({ item }) => item.id),
        from,
        to,
      );
      answer.employees = summarized.map(({ item, range }): EmployeeSummarizedPeriod => {
        const ofPeriod = (plans.get(item.id)?.attendancePlans ?? []).filter(
          (plan) => range.from <= plan.date && plan.date <= range.to,
        );
        return {
          employeeId: item.id,
          name: item.name,
          period: range.period,
          from: range.from,
          to: range.to,
          plannedMinutes: periodPlannedMinutes(ofPeriod),
          normMinutes: periodNormMinutes({
            calendar: context.calendar,
            from: range.from,
            to: range.to,
            plans: ofPeriod,
          }),
        };
      });
      return answer;
    },
  };
}

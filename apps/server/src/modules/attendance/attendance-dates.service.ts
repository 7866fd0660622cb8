import type {
  AttendanceDates,
  DateAttendance,
  EmployeeDates,
  EmployeesAttendance,
} from '@smena/contract';
import { type AttendanceDate, localDateOf } from '@smena/time';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttendanceRepository } from './attendance.repository.ts';
import {
  type EmployeeAttendance,
  type StoredCheck,
  createAttendanceService,
} from './attendance.service.ts';
import { COMPANY_SCOPE, type EmployeeScope } from '../../db/employee-scope.ts';

type DatesQuery = { from: string; to: string; dates: AttendanceDates };

/** A date worth sending when only `marked` ones are asked for. */
function isMarked(day: AttendanceDate<StoredCheck>): boolean {
  return day.checks.length > 0 || day.attendance.absent || day.attendance.notArrived;
}

export function toDateAttendance(day: AttendanceDate<StoredCheck>): DateAttendance {
  const { attendance } = day;
  return {
    date: day.date,
    kind: day.plan.kind,
    dayOffType: day.plan.dayOffType ?? null,
    plannedMinutes: attendance.plannedMinutes,
    workedMinutes: attendance.workedMinutes,
    lateMinutes: attendance.lateMinutes,
    earlyLeaveMinutes: attendance.earlyLeaveMinutes,
    overtimeMinutes: attendance.overtimeMinutes,
    nightMinutes: attendance.nightMinutes,
    late: attendance.late,
    leftEarly: attendance.leftEarly,
    absent: attendance.absent,
    notArrived: attendance.notArrived,
    workedOnDayOff: attendance.workedOnDayOff,
    open: attendance.open,
    checkIds: day.checks.map((check) => check.id),
  };
}

function toEmployeeDates(employee: EmployeeAttendance, dates: AttendanceDates): EmployeeDates {
  const days = dates === 'all' ? employee.days : employee.days.filter(isMarked);
  return {
    employeeId: employee.employeeId,
    timezone: employee.timezone,
    days: days.map(toDateAttendance),
  };
}

/**
 * Attendance by date as the API answers it: what the attendance module computed, for the
 * managers' lists and the employee's own history. Nothing is computed here.
 */
export function createAttendanceDatesService(deps: { db: DbOrTx; now?: () => number }) {
  const repository = createAttendanceRepository(deps.db);
  const attendance = createAttendanceService(deps);

  /**
   * The employees' dates; 404 unless every id is an employee of the company in the caller's
   * scope (decision 016; the whole company when none is given).
   */
  async function employeesDates(
    companyId: number,
    employeeIds: readonly number[],
    query: DatesQuery,
    scope: EmployeeScope = COMPANY_SCOPE,
  ): Promise<EmployeesAttendance> {
    const rows = await repository.findEmployments(companyId, employeeIds, scope);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const subjects = employeeIds.map((id) => {
      const row = byId.get(id);
      if (!row) throw AppError.notFound('Сотрудник не найден');
      return { id, employment: { hireDate: row.hireDate, dismissalDate: row.dismissedAt } };
    });
    const computed = await attendance.employeesAttendance(
      companyId,
      subjects,
      query.from,
      query.to,
    );
    return {
      from: query.from,
      to: query.to,
      employees: computed.map((employee) => toEmployeeDates(employee, query.dates)),
    };
  }

  return {
    employeesDates,

    /**
     * The caller's own dates, in the same shape. An employee of a company that publishes its
     * schedule (decision 028) gets no date after today: a future date holds nothing but the live
     * plan, which they see only as published (`GET /profile/schedule`).
     */
    async ownDates(
      companyId: number,
      employeeId: number,
      query: DatesQuery,
      scope: EmployeeScope = COMPANY_SCOPE,
    ) {
      const result = await employeesDates(companyId, [employeeId], query);
      if (scope.kind !== 'SELF') return result;
      const settings = await repository.findCompanySettings(companyId);
      if (!settings?.schedulePublication) return result;
      const now = (deps.now ?? Date.now)();
      return {
        ...result,
        employees: result.employees.map((employee) => {
          const today = localDateOf(now, employee.timezone);
          return { ...employee, days: employee.days.filter((day) => day.date <= today) };
        }),
      };
    },
  };
}

export type AttendanceDatesService = ReturnType<typeof createAttendanceDatesService>;

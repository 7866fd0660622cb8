// The calendar as the web reads it. No zod here (types only from calendar.ts): the calendar
// page's loader starts with the app, and a module that builds schemas would bring zod into every
// page's first load.
import type { CalendarEmployeeRow, CalendarResponse } from './calendar.ts';
import type { DayPlan } from './schedules.ts';

/** What a date is in a production calendar (a five-day week unless the data says otherwise). */
export const calendarDayKinds = ['WORKDAY', 'SHORTENED', 'WEEKEND', 'HOLIDAY'] as const;
export type CalendarDayKind = (typeof calendarDayKinds)[number];

export const calendarDayKindLabels: Record<CalendarDayKind, string> = {
  WORKDAY: 'Рабочий день',
  SHORTENED: 'Сокращённый день',
  WEEKEND: 'Выходной',
  HOLIDAY: 'Праздник',
};

export const MAX_CALENDAR_EMPLOYEES = 2000;

/** An employee of the calendar as read: the row with its plan of each date (see `decodeCalendar`). */
export type CalendarEmployee = Omit<CalendarEmployeeRow, 'days'> & {
  /** One plan per date of the range, in order. */
  days: DayPlan[];
};

/** The calendar answer as read: each employee's `days` are the plans themselves. */
export type CalendarGrid = Omit<CalendarResponse, 'plans' | 'employees'> & {
  employees: CalendarEmployee[];
};

/**
 * The answer's rows with their plans in place of the indexes. Employees who shared a plan entry
 * share the decoded object too: nothing is copied but the arrays of days.
 */
export function decodeCalendar(response: CalendarResponse): CalendarGrid {
  const { plans, employees, ...rest } = response;
  return {
    ...rest,
    employees: employees.map((employee) => {
      const days: DayPlan[] = new Array<DayPlan>(employee.days.length);
      employee.days.forEach((index, column) => {
        const plan = plans[index];
        if (!plan) throw new Error(`Calendar: no plan at ${index}`);
        days[column] = plan;
      });
      return { ...employee, days };
    }),
  };
}

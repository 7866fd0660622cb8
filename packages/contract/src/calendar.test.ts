import { describe, expect, it } from 'vitest';
import { CalendarResponseSchema, type CalendarResponse } from './calendar.ts';
import { decodeCalendar } from './calendar-grid.ts';
import type { DayPlan } from './schedules.ts';

const work = (date: string, offset: string): DayPlan => ({
  date,
  kind: 'WORK',
  shifts: [
    {
      start: `${date}T09:00:00${offset}`,
      end: `${date}T18:00:00${offset}`,
      breakMinutes: 60,
      plannedMinutes: 480,
    },
  ],
  shortened: false,
  rosterOverride: false,
});
const rest = (date: string): DayPlan => ({
  date,
  kind: 'REST',
  shifts: [],
  shortened: false,
  rosterOverride: false,
});
const vacation = (date: string): DayPlan => ({
  date,
  kind: 'DAY_OFF',
  shifts: [],
  dayOffType: 'VACATION',
  dayOffId: 7,
  shortened: false,
  rosterOverride: false,
});

const row = (employeeId: number, days: number[]) => ({
  employeeId,
  name: `Сотрудник ${employeeId}`,
  departmentTitle: null,
  positionTitle: null,
  branchTitles: [],
  scheduleId: 1,
  scheduleTitle: 'Пятидневка',
  scheduleColor: '#52c41a',
  days,
  requests: [],
  availability: [],
});

/** Two employees of Moscow's 5/2, one of them on vacation on Tuesday, one in Yekaterinburg. */
const answer: CalendarResponse = {
  from: '2026-03-02',
  to: '2026-03-03',
  dates: [
    { date: '2026-03-02', kind: 'WORKDAY' },
    { date: '2026-03-03', kind: 'WORKDAY' },
  ],
  plans: [
    work('2026-03-02', '+03:00'),
    work('2026-03-03', '+03:00'),
    vacation('2026-03-03'),
    work('2026-03-02', '+05:00'),
    rest('2026-03-03'),
  ],
  employees: [row(1, [0, 1]), row(2, [0, 2]), row(3, [3, 4])],
  total: 3,
  page: 1,
  limit: 100,
};

describe('decodeCalendar', () => {
  it('puts each row’s plans in place of the indexes, in the order of the dates', () => {
    const grid = decodeCalendar(answer);
    expect(grid).toMatchObject({ from: '2026-03-02', to: '2026-03-03', total: 3, page: 1 });
    expect(grid).not.toHaveProperty('plans');
    expect(grid.dates).toBe(answer.dates);
    expect(grid.employees.map((employee) => employee.days)).toEqual([
      [work('2026-03-02', '+03:00'), work('2026-03-03', '+03:00')],
      [work('2026-03-02', '+03:00'), vacation('2026-03-03')],
      [work('2026-03-02', '+05:00'), rest('2026-03-03')],
    ]);
    // The rest of a row as it came.
    expect(grid.employees[1]).toMatchObject({ employeeId: 2, scheduleTitle: 'Пятидневка' });
  });

  it('shares a plan entry between the rows that index it, and copies nothing of it', () => {
    const grid = decodeCalendar(answer);
    expect(grid.employees[0]!.days[0]).toBe(answer.plans[0]);
    expect(grid.employees[1]!.days[0]).toBe(grid.employees[0]!.days[0]);
  });

  it('refuses an index outside the plans', () => {
    expect(() => decodeCalendar({ ...answer, employees: [row(1, [0, 9])] })).toThrow(/no plan/);
  });
});

describe('CalendarResponseSchema', () => {
  it('takes an answer whose rows name a plan of each date', () => {
    expect(CalendarResponseSchema.parse(answer)).toEqual(answer);
  });

  it('refuses a row with a plan missing, an index outside the plans or of another date', () => {
    const issues = (employees: ReturnType<typeof row>[]) =>
      CalendarResponseSchema.safeParse({ ...answer, employees }).error?.issues.map((issue) =>
        issue.path.join('.'),
      );
    expect(issues([row(1, [0])])).toEqual(['employees.0.days']);
    expect(issues([row(1, [0, 5])])).toEqual(['employees.0.days.1']);
    expect(issues([row(1, [1, 0])])).toEqual(['employees.0.days.0', 'employees.0.days.1']);
  });
});

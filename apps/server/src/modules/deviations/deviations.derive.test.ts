import { describe, expect, it } from 'vitest';
import {
  RU_PRODUCTION_CALENDAR,
  createPlanner,
  employeeAttendance,
  fixedWeek,
  toAttendancePlan,
  wallTimeToMs,
} from '@smena/time';
import type { StoredCheck } from '../attendance/index.ts';
import { deviationsOfDays, deviationsOfEvents } from './deviations.derive.ts';

describe('deviationsOfEvents', () => {
  const at = (date: string, time: string, zone: string) => wallTimeToMs(date, time, zone);

  it('puts each event on the employee’s local date, one row per date with the largest value', () => {
    const events = [
      // By Vladivostok's clock: 00:10 on the 11th is 14:10 UTC on the 10th, yet a date of its own.
      { atMs: at('2026-03-10', '23:30', 'Asia/Vladivostok'), value: 120 },
      { atMs: at('2026-03-10', '08:00', 'Asia/Vladivostok'), value: 412 },
      { atMs: at('2026-03-11', '00:10', 'Asia/Vladivostok'), value: null },
    ];
    expect(
      deviationsOfEvents(
        7,
        'OUTSIDE_ZONE',
        events,
        'Asia/Vladivostok',
        '2026-03-01',
        '2026-03-31',
        undefined,
      ),
    ).toEqual([
      { employeeId: 7, date: '2026-03-10', type: 'OUTSIDE_ZONE', amount: 412 },
      { employeeId: 7, date: '2026-03-11', type: 'OUTSIDE_ZONE', amount: 1 },
    ]);
  });

  it('counts events without a value and leaves out dates outside the period or employment', () => {
    const zone = 'Europe/Moscow';
    const events = [
      { atMs: at('2026-02-28', '12:00', zone), value: null },
      { atMs: at('2026-03-02', '12:00', zone), value: null },
      { atMs: at('2026-03-02', '15:00', zone), value: null },
      { atMs: at('2026-03-20', '12:00', zone), value: null },
    ];
    expect(
      deviationsOfEvents(7, 'MANUAL_CORRECTION', events, zone, '2026-03-01', '2026-03-31', {
        hireDate: null,
        dismissalDate: '2026-03-15',
      }),
    ).toEqual([{ employeeId: 7, date: '2026-03-02', type: 'MANUAL_CORRECTION', amount: 2 }]);
  });
});

describe('deviationsOfDays under summarized accounting', () => {
  // Tuesday 03.03.2026, 09:00–18:00 with an hour's break; worked until 20:00.
  const zone = 'Europe/Moscow';
  const planner = createPlanner({
    timezone: zone,
    assignments: [
      {
        effectiveFrom: '2026-01-01',
        schedule: fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }),
      },
    ],
    calendar: RU_PRODUCTION_CALENDAR,
  });
  const check: StoredCheck = {
    id: 1,
    branchId: 1,
    autoClosed: false,
    inMs: wallTimeToMs('2026-03-03', '09:00', zone),
    outMs: wallTimeToMs('2026-03-03', '20:00', zone),
  };
  const days = (summarized: boolean) =>
    employeeAttendance({
      plans: planner.planRange('2026-03-02', '2026-03-04').map(toAttendancePlan),
      checks: [check],
      from: '2026-03-03',
      to: '2026-03-03',
      options: { timezone: zone, lateToleranceMinutes: 5, nowMs: Date.parse('2027-01-01') },
      rules: { crossMidnightHours: 'SPLIT_BY_DATE', holidayShiftCode: 'РВ', summarized },
      calendar: RU_PRODUCTION_CALENDAR,
    });

  it('lists a shift’s extra time as overtime only under ordinary accounting', () => {
    expect(deviationsOfDays(5, days(false), undefined)).toEqual([
      { employeeId: 5, date: '2026-03-03', type: 'OVERTIME', amount: 120 },
    ]);
    // The period's end decides (decision 030): nothing to approve per shift.
    expect(deviationsOfDays(5, days(true), undefined, true)).toEqual([]);
  });
});

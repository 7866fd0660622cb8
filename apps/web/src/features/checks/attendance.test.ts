import type { Check, DayPlan } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import { checkDays, checkFactsById, periodTotals } from './attendance.ts';

const ZONE = 'Europe/Moscow';

function workDay(date: string, start = '09:00', end = '18:00', breakMinutes = 60): DayPlan {
  return {
    date,
    kind: 'WORK',
    shifts: [
      {
        start: `${date}T${start}:00+03:00`,
        end: `${date}T${end}:00+03:00`,
        breakMinutes,
        plannedMinutes: 480,
      },
    ],
    shortened: false,
    rosterOverride: false,
  };
}

const rest = (date: string): DayPlan => ({
  date,
  kind: 'REST',
  shifts: [],
  shortened: false,
  rosterOverride: false,
});

let nextId = 1;
function check(inIso: string, outIso: string | null, extra: Partial<Check> = {}): Check {
  return {
    id: nextId++,
    employeeId: 7,
    employeeName: 'Орлова Вера',
    branchId: 1,
    branchTitle: 'Центральный',
    checkInDateTime: inIso,
    checkOutDateTime: outIso,
    source: 'WEB',
    autoClosed: false,
    checkInLocation: null,
    checkOutLocation: null,
    device: '',
    createdAt: inIso,
    updatedAt: inIso,
    ...extra,
  };
}

const settings = {
  timezone: ZONE,
  lateToleranceMinutes: 5,
  nowMs: Date.parse('2026-05-08T12:00:00+03:00'),
};

describe('check days', () => {
  it('marks a late arrival and an early leave against the plan, with the break taken off', () => {
    const late = check('2026-05-04T09:12:00+03:00', '2026-05-04T17:30:00+03:00');
    const [day] = checkDays([workDay('2026-05-04')], [late], settings);
    expect(day).toMatchObject({ date: '2026-05-04', checks: [late] });
    expect(day!.attendance).toMatchObject({
      late: true,
      lateMinutes: 12,
      leftEarly: true,
      earlyLeaveMinutes: 30,
      // 8 h 18 min on site minus the 60-minute break.
      workedMinutes: 438,
    });
  });

  it('keeps lateness within the tolerance unmarked', () => {
    const [day] = checkDays(
      [workDay('2026-05-04')],
      [check('2026-05-04T09:04:00+03:00', '2026-05-04T18:00:00+03:00')],
      settings,
    );
    expect(day!.attendance.late).toBe(false);
  });

  it('lists planned days without checks as absences and newest first', () => {
    const days = checkDays(
      [workDay('2026-05-04'), workDay('2026-05-05'), rest('2026-05-06')],
      [check('2026-05-05T08:55:00+03:00', '2026-05-05T18:01:00+03:00')],
      settings,
      { withAbsences: true },
    );
    expect(days.map((day) => [day.date, day.attendance.absent])).toEqual([
      ['2026-05-05', false],
      ['2026-05-04', true],
    ]);
  });

  it('keeps a night shift’s morning check-out with the evening’s date', () => {
    const night = workDay('2026-05-04', '22:00', '23:59', 0);
    night.shifts[0]!.end = '2026-05-05T06:00:00+03:00';
    const days = checkDays(
      [night, rest('2026-05-05')],
      [check('2026-05-04T21:58:00+03:00', '2026-05-05T06:02:00+03:00')],
      settings,
    );
    expect(days.map((day) => day.date)).toEqual(['2026-05-04']);
    expect(days[0]!.attendance.late).toBe(false);
  });

  it('puts lateness on the first check of a date and early leave on the last', () => {
    const morning = check('2026-05-04T09:20:00+03:00', '2026-05-04T13:00:00+03:00');
    const afternoon = check('2026-05-04T14:00:00+03:00', '2026-05-04T17:00:00+03:00');
    const days = checkDays([workDay('2026-05-04')], [afternoon, morning], settings);
    const facts = checkFactsById(days, settings.nowMs);
    expect(facts.get(morning.id)).toMatchObject({
      lateMinutes: 20,
      earlyLeaveMinutes: 0,
      durationMinutes: 220,
    });
    expect(facts.get(afternoon.id)).toMatchObject({
      lateMinutes: 0,
      earlyLeaveMinutes: 60,
      durationMinutes: 180,
    });
    expect(periodTotals(days)).toMatchObject({ lateDays: 1, earlyDays: 1, absentDays: 0 });
  });

  it('adds the requested extra dates even without checks', () => {
    const days = checkDays([rest('2026-05-08')], [], settings, { extraDates: ['2026-05-08'] });
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ date: '2026-05-08', checks: [] });
  });
});

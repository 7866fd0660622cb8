import type { TimesheetEntry } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import { type AttendanceCheck, toAttendancePlan } from './attendance.ts';
import { type LocalDate, addDays } from './dates.ts';
import {
  type AttendanceDate,
  type TimesheetRules,
  employeeAttendance,
} from './employee-attendance.ts';
import { type PlanInput, createPlanner } from './plan.ts';
import { RU_PRODUCTION_CALENDAR as RU } from './production-calendar.ts';
import { cyclePreset, fixedWeek, nightWeek } from './schedule-definition.ts';
import { attendanceSummary, restDayEntries, timesheetTotals } from './timesheet.ts';
import { wallTimeToMs } from './zone.ts';

const MOSCOW = 'Europe/Moscow';
const BERLIN = 'Europe/Berlin';
const SPLIT: TimesheetRules = { crossMidnightHours: 'SPLIT_BY_DATE', holidayShiftCode: 'РВ' };
const AT_START: TimesheetRules = { crossMidnightHours: 'SHIFT_START', holidayShiftCode: 'РВ' };
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const FIVE_TWO = fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 });
const NIGHTS = nightWeek({ start: '20:00', end: '08:00', workingDays: EVERY_DAY });
const NOW = Date.parse('2027-01-01T00:00:00Z');
const H = 60;

type Schedule = PlanInput['assignments'][number]['schedule'];

function check(
  date: LocalDate,
  inAt: string,
  outDate: LocalDate,
  outAt: string,
  zone = MOSCOW,
): AttendanceCheck {
  return { inMs: wallTimeToMs(date, inAt, zone), outMs: wallTimeToMs(outDate, outAt, zone) };
}

function run(
  schedule: Schedule,
  checks: AttendanceCheck[],
  from: LocalDate,
  to: LocalDate,
  rules: TimesheetRules,
  extra: {
    zone?: string;
    dayOffs?: PlanInput['dayOffs'];
    calendar?: boolean;
    approvedOvertime?: LocalDate[];
    overrides?: Map<LocalDate, TimesheetEntry[]>;
  } = {},
): AttendanceDate[] {
  const zone = extra.zone ?? MOSCOW;
  const calendar = extra.calendar === false ? undefined : RU;
  const planner = createPlanner({
    timezone: zone,
    assignments: [{ effectiveFrom: '2020-01-01', schedule }],
    calendar,
    dayOffs: extra.dayOffs ?? [],
  });
  return employeeAttendance({
    plans: planner.planRange(addDays(from, -1), addDays(to, 1)).map(toAttendancePlan),
    checks,
    from,
    to,
    options: { timezone: zone, lateToleranceMinutes: 5, nowMs: NOW },
    rules,
    calendar,
    approvedOvertimeDates: new Set(extra.approvedOvertime ?? []),
    overrides: extra.overrides,
  });
}

const codes = (days: AttendanceDate[]): Record<string, TimesheetEntry[]> =>
  Object.fromEntries(days.map((day) => [day.date, day.entries]));
const e = (code: TimesheetEntry['code'], hours: number | null): TimesheetEntry => ({
  code,
  minutes: hours === null ? null : Math.round(hours * H),
});

describe('a night shift running into a holiday (art. 153)', () => {
  // 30.04.2026 is shortened (pre-holiday): the 20:00–08:00 shift ends at 07:00; 1 May is a holiday.
  const worked = [check('2026-04-30', '20:00', '2026-05-01', '07:00')];

  it('split by date: the holiday part is РВ on 1 May with its night hours', () => {
    const days = run(NIGHTS, worked, '2026-04-30', '2026-05-01', SPLIT);
    expect(codes(days)).toEqual({
      '2026-04-30': [e('Я', 2), e('Н', 2)],
      '2026-05-01': [e('Н', 6), e('РВ', 7)],
    });
    expect(days[1]!.hours.holidayMinutes).toBe(7 * H);
    // The shift is judged as a whole on its own date: not late, not early, nothing on 1 May.
    expect(days[0]!.attendance).toMatchObject({ late: false, leftEarly: false, absent: false });
    const totals = timesheetTotals(days);
    expect(totals.month).toEqual({ days: 2, minutes: 11 * H });
  });

  it('on the shift start date: Я and РВ share the date, Н counts all its night hours', () => {
    const days = run(NIGHTS, worked, '2026-04-30', '2026-05-01', AT_START);
    expect(codes(days)).toEqual({
      '2026-04-30': [e('Я', 4), e('Н', 8), e('РВ', 7)],
      '2026-05-01': [e('В', null)],
    });
    expect(timesheetTotals(days).month).toEqual({ days: 1, minutes: 11 * H });
    const summary = attendanceSummary(days);
    expect(summary).toMatchObject({
      workedMinutes: 11 * H,
      nightMinutes: 8 * H,
      dayOffWorkMinutes: 7 * H,
      holidayWorkMinutes: 7 * H,
    });
  });

  it('8 → 9 May the same way', () => {
    const days = run(
      NIGHTS,
      [check('2026-05-08', '20:00', '2026-05-09', '07:00')],
      '2026-05-08',
      '2026-05-09',
      SPLIT,
    );
    expect(codes(days)['2026-05-09']).toEqual([e('Н', 6), e('РВ', 7)]);
  });
});

describe('work on a day off keeps its night hours (art. 96, 154)', () => {
  // 31.12.2025 was a day off (transferred from 5 January); 1.1.2026 a holiday.
  const worked = [check('2025-12-31', '20:00', '2026-01-01', '08:00')];

  it('on the start date: РВ 12 and Н 8', () => {
    const days = run(FIVE_TWO, worked, '2025-12-31', '2026-01-01', AT_START);
    expect(codes(days)).toEqual({
      '2025-12-31': [e('Н', 8), e('РВ', 12)],
      '2026-01-01': [e('В', null)],
    });
    expect(timesheetTotals(days).month.minutes).toBe(12 * H);
    expect(days[0]!.hours.holidayMinutes).toBe(8 * H);
  });

  it('split: each date its part, both РВ', () => {
    const days = run(FIVE_TWO, worked, '2025-12-31', '2026-01-01', SPLIT);
    expect(codes(days)).toEqual({
      '2025-12-31': [e('Н', 2), e('РВ', 4)],
      '2026-01-01': [e('Н', 6), e('РВ', 8)],
    });
    const summary = attendanceSummary(days);
    expect(summary).toMatchObject({
      workedMinutes: 12 * H,
      nightMinutes: 8 * H,
      dayOffWorkDays: 2,
      dayOffWorkMinutes: 12 * H,
      holidayWorkMinutes: 8 * H,
    });
  });
});

describe('a night shift ending on the rest day after it', () => {
  // Monday to Friday nights 22:00–06:00: Saturday morning is the end of Friday's shift.
  const weekNights = nightWeek({ start: '22:00', end: '06:00' });

  it('is regular night work on Saturday, not work on a day off', () => {
    const days = run(
      weekNights,
      [check('2026-03-13', '22:00', '2026-03-14', '06:00')],
      '2026-03-13',
      '2026-03-14',
      SPLIT,
    );
    expect(codes(days)).toEqual({
      '2026-03-13': [e('Н', 2)],
      '2026-03-14': [e('Н', 6)],
    });
    expect(attendanceSummary(days).dayOffWorkMinutes).toBe(0);
  });
});

describe('a shift planned on a holiday by a shift schedule (art. 153)', () => {
  // 2/2 from 1 May: 1 and 2 May are worked, 08:00–20:00 with an hour's break.
  const twoTwo = cyclePreset('2/2', {
    anchorDate: '2026-05-01',
    start: '08:00',
    end: '20:00',
    breakMinutes: 60,
  });
  const worked = [check('2026-05-01', '08:00', '2026-05-01', '20:00')];

  it('is РВ by default, and holiday hours either way', () => {
    const asRv = run(twoTwo, worked, '2026-05-01', '2026-05-01', SPLIT);
    expect(asRv[0]!.entries).toEqual([e('РВ', 11)]);
    const asShift = run(twoTwo, worked, '2026-05-01', '2026-05-01', {
      ...SPLIT,
      holidayShiftCode: 'Я',
    });
    expect(asShift[0]!.entries).toEqual([e('Я', 11)]);
    for (const days of [asRv, asShift])
      expect(attendanceSummary(days).holidayWorkMinutes).toBe(11 * H);
  });
});

describe('holiday work minutes of a date (what payroll pays double, art. 153)', () => {
  const twoTwo = cyclePreset('2/2', {
    anchorDate: '2026-05-01',
    start: '08:00',
    end: '20:00',
    breakMinutes: 60,
  });
  const worked = [
    check('2026-05-01', '08:00', '2026-05-01', '20:00'),
    check('2026-05-05', '08:00', '2026-05-05', '20:00'),
  ];

  it('are the holiday hours of the derived codes, whatever the code', () => {
    for (const holidayShiftCode of ['РВ', 'Я'] as const) {
      const days = run(twoTwo, worked, '2026-05-01', '2026-05-05', { ...SPLIT, holidayShiftCode });
      expect(days.map((day) => [day.date, day.holidayWorkMinutes])).toEqual([
        ['2026-05-01', 11 * H],
        ['2026-05-02', 0],
        ['2026-05-03', 0],
        ['2026-05-04', 0],
        // 5 May is an ordinary working day.
        ['2026-05-05', 0],
      ]);
    }
  });

  it('follow a manager’s codes: their worked minutes on a holiday, none on another date', () => {
    const days = run(twoTwo, worked, '2026-05-01', '2026-05-09', SPLIT, {
      overrides: new Map([
        // The holiday: РВ 8 and Н 2 inside it — 8 hours, the night ones not added again.
        ['2026-05-01', [e('РВ', 8), e('Н', 2)]],
        // 2 May, a Saturday and no holiday: work on a day off, but not on a holiday.
        ['2026-05-02', [e('РВ', 4)]],
        // 9 May, a holiday whose shift has no check: the manager records 5 hours of work.
        ['2026-05-09', [e('Я', 5)]],
      ]),
    });
    const minutes = Object.fromEntries(days.map((day) => [day.date, day.holidayWorkMinutes]));
    expect(minutes).toMatchObject({ '2026-05-01': 8 * H, '2026-05-02': 0, '2026-05-09': 5 * H });
    expect(days.reduce((sum, day) => sum + day.holidayWorkMinutes, 0)).toBe(13 * H);
  });

  it('of a night into a holiday recorded on the start date stay with that date', () => {
    // 31.12.2025 20:00 → 01.01.2026 08:00, all on 31.12: its 8 holiday hours are there.
    const days = run(
      NIGHTS,
      [check('2025-12-31', '20:00', '2026-01-01', '08:00')],
      '2025-12-31',
      '2026-01-01',
      AT_START,
    );
    expect(days.map((day) => day.holidayWorkMinutes)).toEqual([8 * H, 0]);
  });
});

describe('a month boundary', () => {
  // 2/2 nights 20:00–08:00 with an hour's break from 30 May: 31 May → 1 June crosses the month.
  const nights = cyclePreset('2/2', {
    anchorDate: '2026-05-30',
    start: '20:00',
    end: '08:00',
    breakMinutes: 60,
  });
  const worked = [check('2026-05-31', '20:00', '2026-06-01', '08:00')];

  it('split: May keeps 4 hours less the break, June gets 8, each month computed on its own', () => {
    const may = run(nights, worked, '2026-05-01', '2026-05-31', SPLIT);
    const june = run(nights, worked, '2026-06-01', '2026-06-30', SPLIT);
    // The break comes off the first part, its day time first.
    expect(may.at(-1)!.entries).toEqual([e('Я', 1), e('Н', 2)]);
    expect(june[0]!.entries).toEqual([e('Я', 2), e('Н', 6)]);
    expect(timesheetTotals(may).month.minutes + timesheetTotals(june).month.minutes).toBe(11 * H);
  });

  it('on the start date: all 11 hours in May', () => {
    const may = run(nights, worked, '2026-05-01', '2026-05-31', AT_START);
    const june = run(nights, worked, '2026-06-01', '2026-06-30', AT_START);
    expect(may.at(-1)!.entries).toEqual([e('Я', 3), e('Н', 8)]);
    expect(june[0]!.entries).toEqual([e('В', null)]);
  });
});

describe('a night across the change to summer time', () => {
  // Berlin, 29.03.2026: 02:00 becomes 03:00; the night 22:00–06:00 has 7 real hours.
  it('counts real hours on each date', () => {
    const days = run(
      nightWeek({ start: '22:00', end: '06:00', workingDays: EVERY_DAY }),
      [check('2026-03-28', '22:00', '2026-03-29', '06:00', BERLIN)],
      '2026-03-28',
      '2026-03-29',
      SPLIT,
      { zone: BERLIN, calendar: false },
    );
    expect(codes(days)['2026-03-28']).toEqual([e('Н', 2)]);
    // Its own shift that evening was missed: НН beside the hours of the night before.
    expect(codes(days)['2026-03-29']).toEqual([e('Н', 5), e('НН', null)]);
    expect(timesheetTotals(days).month.minutes).toBe(7 * H);
  });
});

describe('a holiday inside a vacation (art. 120)', () => {
  it('is В, and the vacation counts one day less', () => {
    const days = run(FIVE_TWO, [], '2026-05-01', '2026-05-31', SPLIT, {
      dayOffs: [{ from: '2026-05-04', to: '2026-05-11', type: 'VACATION' }],
    });
    expect(codes(days)['2026-05-09']).toEqual([e('В', null)]);
    expect(codes(days)['2026-05-08']).toEqual([e('ОТ', null)]);
    expect(timesheetTotals(days).absences.find((item) => item.code === 'ОТ')).toEqual({
      code: 'ОТ',
      days: 7,
      minutes: 0,
    });
    expect(attendanceSummary(days).absenceDays.VACATION).toBe(7);
  });
});

describe('the arrival-only detail', () => {
  it('judges lateness and absence like the full one, without hours or codes', () => {
    const checks = [
      check('2026-03-02', '09:20', '2026-03-02', '18:00'),
      check('2026-03-04', '09:00', '2026-03-04', '18:00'),
    ];
    const args = {
      plans: createPlanner({
        timezone: MOSCOW,
        assignments: [{ effectiveFrom: '2020-01-01', schedule: FIVE_TWO }],
        calendar: RU,
      })
        .planRange('2026-03-01', '2026-03-06')
        .map(toAttendancePlan),
      checks,
      from: '2026-03-02',
      to: '2026-03-05',
      options: { timezone: MOSCOW, lateToleranceMinutes: 5, nowMs: NOW },
      rules: SPLIT,
      calendar: RU,
    };
    const full = employeeAttendance(args);
    const arrival = employeeAttendance({ ...args, detail: 'arrival' });
    const judged = (days: AttendanceDate[]) =>
      days.map((day) => [day.date, day.attendance.late, day.attendance.absent, day.checks.length]);
    expect(judged(arrival)).toEqual(judged(full));
    expect(judged(arrival)).toEqual([
      ['2026-03-02', true, false, 1],
      ['2026-03-03', false, true, 0],
      ['2026-03-04', false, false, 1],
      ['2026-03-05', false, true, 0],
    ]);
    expect(arrival.every((day) => day.entries.length === 0)).toBe(true);
  });
});

describe('overtime approval (art. 99)', () => {
  // Tuesday 03.03.2026, 09:00–18:00 with a 60-minute break; worked until 20:00: 2 h extra.
  const worked = [check('2026-03-03', '09:00', '2026-03-03', '20:00')];
  const approving: TimesheetRules = { ...SPLIT, overtimeApproval: 'APPROVED_ONLY' };

  it('counts extra time as С at once by default', () => {
    const days = run(FIVE_TWO, worked, '2026-03-03', '2026-03-03', SPLIT);
    expect(codes(days)).toEqual({ '2026-03-03': [e('Я', 8), e('С', 2)] });
  });

  it('with «только после согласования» leaves unapproved extra time out of the T-13, not out of attendance', () => {
    const [day] = run(FIVE_TWO, worked, '2026-03-03', '2026-03-03', approving);
    expect(day!.entries).toEqual([e('Я', 8)]);
    expect(day!.attendance.overtimeMinutes).toBe(2 * H);
    expect(day!.hours).toMatchObject({ overtimeMinutes: 0, unapprovedOvertimeMinutes: 2 * H });
    const totals = timesheetTotals(run(FIVE_TWO, worked, '2026-03-01', '2026-03-31', approving));
    expect(totals.month.minutes).toBe(8 * H);
  });

  it('makes approved extra time С', () => {
    const days = run(FIVE_TWO, worked, '2026-03-03', '2026-03-03', approving, {
      approvedOvertime: ['2026-03-03'],
    });
    expect(codes(days)).toEqual({ '2026-03-03': [e('Я', 8), e('С', 2)] });
  });

  it('approves by the shift’s date: a night shift’s extra time on the next morning follows it', () => {
    // Monday night 02.03 20:00 → 03.03 08:00 planned; stayed until 10:00: 2 h extra on the 3rd
    // (whose own night shift was missed: НН).
    const night = [check('2026-03-02', '20:00', '2026-03-03', '10:00')];
    const unapproved = run(NIGHTS, night, '2026-03-02', '2026-03-03', approving);
    const approved = run(NIGHTS, night, '2026-03-02', '2026-03-03', approving, {
      approvedOvertime: ['2026-03-02'],
    });
    expect(codes(unapproved)['2026-03-03']).toEqual([e('Я', 2), e('Н', 6), e('НН', null)]);
    expect(codes(approved)['2026-03-03']).toEqual([e('Я', 2), e('Н', 6), e('С', 2), e('НН', null)]);
  });
});

describe('summarized accounting (art. 104)', () => {
  it('has no overtime per date: the extra time is regular work, overtime waits for the period’s end', () => {
    const worked = [check('2026-03-03', '09:00', '2026-03-03', '20:00')];
    const days = run(FIVE_TWO, worked, '2026-03-03', '2026-03-03', { ...SPLIT, summarized: true });
    expect(codes(days)).toEqual({ '2026-03-03': [e('Я', 10)] });
    expect(days[0]!.hours).toMatchObject({ regularMinutes: 10 * H, overtimeMinutes: 0 });
    // The shift itself still knows it ran two hours past its plan.
    expect(days[0]!.attendance.overtimeMinutes).toBe(2 * H);
  });

  it('keeps a night shift’s extra morning hours regular night and day work', () => {
    const night = [check('2026-03-02', '20:00', '2026-03-03', '10:00')];
    const days = run(NIGHTS, night, '2026-03-02', '2026-03-03', { ...SPLIT, summarized: true });
    expect(codes(days)['2026-03-03']).toEqual([e('Я', 4), e('Н', 6), e('НН', null)]);
  });
});

describe('a day of rest instead of double pay (art. 153 part 4)', () => {
  it('turns РВ into Я and keeps the night part', () => {
    expect(restDayEntries([e('Н', 2), e('РВ', 12)])).toEqual([e('Я', 10), e('Н', 2)]);
    expect(restDayEntries([e('Я', 4), e('Н', 2), e('РВ', 8)])).toEqual([e('Я', 10), e('Н', 2)]);
    expect(restDayEntries([e('РВ', 4)])).toEqual([e('Я', 4)]);
    expect(restDayEntries([e('Я', 8)])).toEqual([e('Я', 8)]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type AttendanceCheck,
  type DayAttendance,
  dayAttendance,
  toAttendancePlan,
} from './attendance.ts';
import type { DateHours } from './employee-attendance.ts';
import { type DayPlan, type PlanInput, planDay } from './plan.ts';
import { RU_PRODUCTION_CALENDAR } from './production-calendar.ts';
import { fixedWeek, nightWeek } from './schedule-definition.ts';
import {
  type TimesheetPlan,
  hoursOfShift,
  addAttendanceSummaries,
  addToAttendanceSummary,
  attendanceSummary,
  emptyAttendanceSummary,
  isEmployedOn,
  isWorkCode,
  payrollTotals,
  timesheetEntries,
  timesheetTotals,
} from './timesheet.ts';
import { wallTimeToMs } from './zone.ts';

const MOSCOW = 'Europe/Moscow';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const NINE_TO_SIX = fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 });
const NIGHT = nightWeek({ start: '22:00', end: '06:00', breakMinutes: 0, workingDays: EVERY_DAY });
// Monday 2 March 2026; Sunday 8 March is a holiday, Monday 9 March its transferred day off.
const MONDAY = '2026-03-02';
const SATURDAY = '2026-03-07';

function input(
  schedule: PlanInput['assignments'][number]['schedule'],
  extra: Partial<PlanInput> = {},
): PlanInput {
  return {
    timezone: MOSCOW,
    assignments: [{ effectiveFrom: '2020-01-01', schedule }],
    calendar: RU_PRODUCTION_CALENDAR,
    ...extra,
  };
}

function check(date: string, inAt: string, outAt: string): AttendanceCheck {
  const nextDay = outAt.startsWith('+');
  const outDate = nextDay
    ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    : date;
  return {
    inMs: wallTimeToMs(date, inAt, MOSCOW),
    outMs: wallTimeToMs(outDate, outAt.replace('+', ''), MOSCOW),
  };
}

const plainOf = (plan: DayPlan): TimesheetPlan => ({
  date: plan.date,
  kind: plan.kind,
  dayOffType: plan.kind === 'DAY_OFF' ? plan.type : null,
});

/** The plan and attendance of a date, with the clock at `now` (default: long after). */
function day(
  planInput: PlanInput,
  date: string,
  checks: AttendanceCheck[],
  now = wallTimeToMs('2026-04-15', '12:00', MOSCOW),
): { plan: TimesheetPlan; attendance: DayAttendance; hours: DateHours } {
  const plan = planDay(planInput, date);
  const attendance = dayAttendance(toAttendancePlan(plan), checks, {
    timezone: MOSCOW,
    lateToleranceMinutes: 5,
    nowMs: now,
  });
  const plain = plainOf(plan);
  return { plan: plain, attendance, hours: hoursOfShift(plain, attendance) };
}

function entriesOf(planInput: PlanInput, date: string, checks: AttendanceCheck[], now?: number) {
  const { plan, attendance } = day(planInput, date, checks, now);
  return timesheetEntries(plan, attendance);
}

describe('timesheetEntries', () => {
  it('gives Я with the hours worked on a working day (break taken off)', () => {
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [check(MONDAY, '09:00', '18:00')])).toEqual([
      { code: 'Я', minutes: 480 },
    ]);
  });

  it('gives fewer Я hours for a late arrival (lateness has no code)', () => {
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [check(MONDAY, '10:30', '18:00')])).toEqual([
      { code: 'Я', minutes: 390 },
    ]);
  });

  it('splits overtime off as С', () => {
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [check(MONDAY, '09:00', '20:00')])).toEqual([
      { code: 'Я', minutes: 480 },
      { code: 'С', minutes: 120 },
    ]);
  });

  it('does not count a few minutes past the shift as overtime', () => {
    // 08:55–18:20: 25 minutes beyond the plan, under the 30-minute threshold — Я 8, no С.
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [check(MONDAY, '08:55', '18:20')])).toEqual([
      { code: 'Я', minutes: 480 },
    ]);
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [check(MONDAY, '09:00', '18:30')])).toEqual([
      { code: 'Я', minutes: 480 },
      { code: 'С', minutes: 30 },
    ]);
  });

  it('splits the night part of a day shift off as Н', () => {
    const late = fixedWeek({ start: '14:00', end: '23:00', breakMinutes: 60 });
    expect(entriesOf(input(late), MONDAY, [check(MONDAY, '14:00', '23:00')])).toEqual([
      { code: 'Я', minutes: 420 },
      { code: 'Н', minutes: 60 },
    ]);
  });

  it('gives Н for a night shift across midnight, С for staying on, and nothing Я', () => {
    expect(entriesOf(input(NIGHT), MONDAY, [check(MONDAY, '22:00', '+06:00')])).toEqual([
      { code: 'Н', minutes: 480 },
    ]);
    expect(entriesOf(input(NIGHT), MONDAY, [check(MONDAY, '22:00', '+07:30')])).toEqual([
      { code: 'Н', minutes: 480 },
      { code: 'С', minutes: 90 },
    ]);
    // An hour early: the hour is overtime and day time at once; Я would be zero, so it is left out.
    expect(entriesOf(input(NIGHT), MONDAY, [check(MONDAY, '21:00', '+06:00')])).toEqual([
      { code: 'Н', minutes: 480 },
      { code: 'С', minutes: 60 },
    ]);
  });

  it('keeps Я + Н + С equal to the time worked when overtime falls at night', () => {
    const withBreak = nightWeek({
      start: '22:00',
      end: '06:00',
      breakMinutes: 60,
      workingDays: EVERY_DAY,
    });
    // 21:00–06:00 covered: 540, minus the break 480 worked; planned 420, so 60 overtime; the
    // night covered is 480, but only 420 of the worked minutes are left for it.
    const { plan, attendance } = day(input(withBreak), MONDAY, [check(MONDAY, '21:00', '+06:00')]);
    expect(attendance).toMatchObject({
      workedMinutes: 480,
      overtimeMinutes: 60,
      nightMinutes: 480,
    });
    const entries = timesheetEntries(plan, attendance);
    expect(entries).toEqual([
      { code: 'Н', minutes: 420 },
      { code: 'С', minutes: 60 },
    ]);
    expect(entries.reduce((sum, entry) => sum + (entry.minutes ?? 0), 0)).toBe(480);
  });

  it('gives РВ with the hours worked on a rest day, a holiday and a day-off', () => {
    expect(entriesOf(input(NINE_TO_SIX), SATURDAY, [check(SATURDAY, '10:00', '14:00')])).toEqual([
      { code: 'РВ', minutes: 240 },
    ]);
    expect(
      entriesOf(input(NINE_TO_SIX), '2026-03-09', [check('2026-03-09', '10:00', '13:30')]),
    ).toEqual([{ code: 'РВ', minutes: 210 }]);
    const vacation = input(NINE_TO_SIX, {
      dayOffs: [{ from: MONDAY, to: '2026-03-06', type: 'VACATION' }],
    });
    expect(entriesOf(vacation, MONDAY, [check(MONDAY, '09:00', '12:00')])).toEqual([
      { code: 'РВ', minutes: 180 },
    ]);
  });

  it('gives the day-off type’s code without hours', () => {
    const cases = [
      ['VACATION', 'ОТ'],
      ['SICKLEAVE', 'Б'],
      ['DISMISSED', 'НВ'],
      ['HOLIDAY', 'В'],
      ['WEEKEND', 'В'],
    ] as const;
    for (const [type, code] of cases) {
      const planInput = input(NINE_TO_SIX, { dayOffs: [{ from: MONDAY, to: MONDAY, type }] });
      expect(entriesOf(planInput, MONDAY, []), type).toEqual([{ code, minutes: null }]);
    }
  });

  it('gives В to a rest day and a holiday without work', () => {
    expect(entriesOf(input(NINE_TO_SIX), SATURDAY, [])).toEqual([{ code: 'В', minutes: null }]);
    expect(entriesOf(input(NINE_TO_SIX), '2026-03-08', [])).toEqual([{ code: 'В', minutes: null }]);
    expect(entriesOf(input(NINE_TO_SIX), '2026-03-09', [])).toEqual([{ code: 'В', minutes: null }]);
  });

  it('gives НН to a working day over with no check, and nothing to one not over yet', () => {
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [])).toEqual([{ code: 'НН', minutes: null }]);
    const duringShift = wallTimeToMs(MONDAY, '12:00', MOSCOW);
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [], duringShift)).toEqual([]);
    const dayBefore = wallTimeToMs('2026-03-01', '12:00', MOSCOW);
    expect(entriesOf(input(NINE_TO_SIX), MONDAY, [], dayBefore)).toEqual([]);
    // A night shift is over only the next morning.
    const nightMidway = wallTimeToMs('2026-03-03', '03:00', MOSCOW);
    expect(entriesOf(input(NIGHT), MONDAY, [], nightMidway)).toEqual([]);
    const nightOver = wallTimeToMs('2026-03-03', '06:00', MOSCOW);
    expect(entriesOf(input(NIGHT), MONDAY, [], nightOver)).toEqual([{ code: 'НН', minutes: null }]);
  });

  it('gives nothing without a schedule unless there was work', () => {
    const none = input(null);
    expect(entriesOf(none, MONDAY, [])).toEqual([]);
    expect(entriesOf(none, MONDAY, [check(MONDAY, '09:00', '13:00')])).toEqual([
      { code: 'Я', minutes: 240 },
    ]);
  });

  it('gives nothing before the hire date or after the dismissal date', () => {
    const { plan, attendance } = day(input(NINE_TO_SIX), MONDAY, [check(MONDAY, '09:00', '18:00')]);
    const employment = (hireDate: string | null, dismissalDate: string | null) => ({
      hireDate,
      dismissalDate,
    });
    expect(timesheetEntries(plan, attendance, employment('2026-03-03', null))).toEqual([]);
    expect(timesheetEntries(plan, attendance, employment(null, '2026-03-01'))).toEqual([]);
    expect(timesheetEntries(plan, attendance, employment(MONDAY, MONDAY))).toEqual([
      { code: 'Я', minutes: 480 },
    ]);
    const rest = day(input(NINE_TO_SIX), SATURDAY, []);
    expect(timesheetEntries(rest.plan, rest.attendance, employment('2026-03-09', null))).toEqual(
      [],
    );
  });
});

describe('isEmployedOn and isWorkCode', () => {
  it('includes the hire and the dismissal dates', () => {
    const employment = { hireDate: '2026-03-02', dismissalDate: '2026-03-20' };
    expect(isEmployedOn('2026-03-01', employment)).toBe(false);
    expect(isEmployedOn('2026-03-02', employment)).toBe(true);
    expect(isEmployedOn('2026-03-20', employment)).toBe(true);
    expect(isEmployedOn('2026-03-21', employment)).toBe(false);
    expect(isEmployedOn('1999-01-01', undefined)).toBe(true);
  });

  it('knows the work codes', () => {
    expect(['Я', 'Н', 'РВ', 'С'].every((code) => isWorkCode(code as 'Я'))).toBe(true);
    expect(['В', 'НН', 'ОТ', 'Б', 'НВ'].some((code) => isWorkCode(code as 'В'))).toBe(false);
  });
});

describe('timesheetTotals', () => {
  it('adds days and work minutes per half month, and absences by code in the form’s order', () => {
    const totals = timesheetTotals([
      { date: '2026-03-01', entries: [{ code: 'В', minutes: null }] },
      {
        date: '2026-03-02',
        entries: [
          { code: 'Я', minutes: 420 },
          { code: 'Н', minutes: 60 },
        ],
      },
      { date: '2026-03-03', entries: [{ code: 'НН', minutes: null }] },
      { date: '2026-03-15', entries: [{ code: 'РВ', minutes: 240 }] },
      {
        date: '2026-03-16',
        entries: [
          { code: 'Я', minutes: 480 },
          { code: 'С', minutes: 30 },
        ],
      },
      { date: '2026-03-17', entries: [{ code: 'Б', minutes: null }] },
      { date: '2026-03-18', entries: [{ code: 'Б', minutes: null }] },
      { date: '2026-03-19', entries: [{ code: 'ОТ', minutes: null }] },
      { date: '2026-03-22', entries: [{ code: 'В', minutes: null }] },
      // A manager's override mixing work and an absence with hours.
      {
        date: '2026-03-23',
        entries: [
          { code: 'Я', minutes: 240 },
          { code: 'ПР', minutes: 240 },
        ],
      },
      { date: '2026-03-31', entries: [] },
    ]);
    expect(totals.firstHalf).toEqual({ days: 2, minutes: 720 });
    expect(totals.secondHalf).toEqual({ days: 2, minutes: 750 });
    expect(totals.month).toEqual({ days: 4, minutes: 1470 });
    expect(totals.absences).toEqual([
      { code: 'ОТ', days: 1, minutes: 0 },
      { code: 'Б', days: 2, minutes: 0 },
      { code: 'ПР', days: 1, minutes: 240 },
      { code: 'В', days: 2, minutes: 0 },
      { code: 'НН', days: 1, minutes: 0 },
    ]);
  });

  it('is all zeros for no dates', () => {
    expect(timesheetTotals([])).toEqual({
      firstHalf: { days: 0, minutes: 0 },
      secondHalf: { days: 0, minutes: 0 },
      month: { days: 0, minutes: 0 },
      absences: [],
    });
  });
});

describe('attendanceSummary', () => {
  it('adds planned, worked, late, early leave, absences, overtime, night and day-off work', () => {
    const planInput = input(NINE_TO_SIX, {
      dayOffs: [
        { from: '2026-03-10', to: '2026-03-11', type: 'VACATION' },
        { from: '2026-03-12', to: '2026-03-12', type: 'SICKLEAVE' },
      ],
    });
    const days = [
      day(planInput, MONDAY, [check(MONDAY, '09:20', '18:00')]), // late 20, worked 460
      day(planInput, '2026-03-03', [check('2026-03-03', '09:00', '17:00')]), // early 60, 420
      day(planInput, '2026-03-04', [check('2026-03-04', '09:00', '23:00')]), // 780, ot 300, night 60
      day(planInput, '2026-03-05', []), // absent
      day(planInput, '2026-03-06', [check('2026-03-06', '09:00', '18:00')]), // 480
      day(planInput, SATURDAY, [check(SATURDAY, '10:00', '12:00')]), // day-off work 120
      day(planInput, '2026-03-08', []), // holiday
      day(planInput, '2026-03-10', []),
      day(planInput, '2026-03-11', []),
      day(planInput, '2026-03-12', []),
    ];
    const summary = attendanceSummary(days);
    expect(summary).toEqual({
      plannedDays: 5,
      plannedMinutes: 2400,
      workedDays: 5,
      workedMinutes: 460 + 420 + 780 + 480 + 120,
      lateCount: 1,
      lateMinutes: 20,
      earlyLeaveCount: 1,
      earlyLeaveMinutes: 60,
      absenceDays: { VACATION: 2, SICKLEAVE: 1, HOLIDAY: 0, DISMISSED: 0, WEEKEND: 0 },
      absentDays: 1,
      overtimeMinutes: 300,
      nightMinutes: 60,
      dayOffWorkDays: 1,
      dayOffWorkMinutes: 120,
      holidayWorkMinutes: 0,
    });

    // Outside employment a date adds nothing; totals add summaries.
    const before = addToAttendanceSummary(emptyAttendanceSummary(), days[0]!, {
      hireDate: '2026-03-03',
      dismissalDate: null,
    });
    expect(before).toEqual(emptyAttendanceSummary());
    const total = addAttendanceSummaries(
      addAttendanceSummaries(emptyAttendanceSummary(), summary),
      summary,
    );
    expect(total.workedMinutes).toBe(2 * summary.workedMinutes);
    expect(total.absenceDays.VACATION).toBe(4);
  });
});

describe('payrollTotals', () => {
  it('counts each code’s dates and minutes, night and overtime from Н and С, holidays as given', () => {
    const totals = payrollTotals([
      { date: '2026-03-01', entries: [{ code: 'В', minutes: null }], holidayWorkMinutes: 0 },
      {
        date: '2026-03-02',
        entries: [
          { code: 'Я', minutes: 420 },
          { code: 'С', minutes: 120 },
        ],
        holidayWorkMinutes: 0,
      },
      {
        date: '2026-03-03',
        entries: [
          { code: 'Н', minutes: 360 },
          { code: 'НН', minutes: null },
        ],
        holidayWorkMinutes: 0,
      },
      {
        // A holiday worked at night: Н inside РВ, not added to «отработано».
        date: '2026-03-08',
        entries: [
          { code: 'Я', minutes: 120 },
          { code: 'Н', minutes: 60 },
          { code: 'РВ', minutes: 240 },
        ],
        holidayWorkMinutes: 360,
      },
      { date: '2026-03-10', entries: [{ code: 'ОТ', minutes: null }], holidayWorkMinutes: 0 },
      { date: '2026-03-11', entries: [{ code: 'ОТ', minutes: null }], holidayWorkMinutes: 0 },
      { date: '2026-03-12', entries: [], holidayWorkMinutes: 0 },
    ]);
    expect(totals).toEqual({
      worked: { days: 3, minutes: 420 + 120 + 360 + 120 + 240 },
      codes: {
        В: { days: 1, minutes: 0 },
        Я: { days: 2, minutes: 540 },
        С: { days: 1, minutes: 120 },
        Н: { days: 2, minutes: 420 },
        НН: { days: 1, minutes: 0 },
        РВ: { days: 1, minutes: 240 },
        ОТ: { days: 2, minutes: 0 },
      },
      nightMinutes: 420,
      overtimeMinutes: 120,
      holidayMinutes: 360,
    });
  });

  it('is all zeros for a month without codes', () => {
    expect(payrollTotals([{ date: '2026-03-01', entries: [], holidayWorkMinutes: 0 }])).toEqual({
      worked: { days: 0, minutes: 0 },
      codes: {},
      nightMinutes: 0,
      overtimeMinutes: 0,
      holidayMinutes: 0,
    });
  });
});

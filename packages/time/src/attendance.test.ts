import { describe, expect, it } from 'vitest';
import {
  type AttendanceCheck,
  type AttendanceOptions,
  assignChecksToDates,
  dayAttendance,
  toAttendancePlan,
} from './attendance.ts';
import { type PlanInput, planDay } from './plan.ts';
import { FlexScheduleSchema, cyclePreset, fixedWeek, nightWeek } from './schedule-definition.ts';
import { wallTimeToMs } from './zone.ts';

const MOSCOW = 'Europe/Moscow';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

function planOf(
  schedule: PlanInput['assignments'][number]['schedule'],
  date: string,
  timezone = MOSCOW,
) {
  return toAttendancePlan(
    planDay({ timezone, assignments: [{ effectiveFrom: '2020-01-01', schedule }] }, date),
  );
}

/** A check from wall times of the zone; `out` on the next day when it has a `+` prefix. */
function check(
  date: string,
  inAt: string,
  outAt: string | null,
  timezone = MOSCOW,
): AttendanceCheck {
  const nextDay = outAt?.startsWith('+');
  const outDate = nextDay
    ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    : date;
  return {
    inMs: wallTimeToMs(date, inAt, timezone),
    outMs: outAt === null ? null : wallTimeToMs(outDate, outAt.replace('+', ''), timezone),
  };
}

const after = (date: string, time: string, timezone = MOSCOW): AttendanceOptions => ({
  timezone,
  lateToleranceMinutes: 5,
  nowMs: wallTimeToMs(date, time, timezone),
});

const NINE_TO_SIX = fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 });
// Monday, 2 March 2026.
const MONDAY = '2026-03-02';

describe('dayAttendance', () => {
  it('counts a full day on time: worked = union minus the break, no overtime', () => {
    const result = dayAttendance(
      planOf(NINE_TO_SIX, MONDAY),
      [check(MONDAY, '08:58', '18:02')],
      after(MONDAY, '23:00'),
    );
    expect(result).toMatchObject({
      plannedMinutes: 480,
      workedMinutes: 484,
      overtimeMinutes: 4,
      lateMinutes: 0,
      earlyLeaveMinutes: 0,
      late: false,
      leftEarly: false,
      absent: false,
      nightMinutes: 0,
      workedOnDayOff: false,
      open: false,
    });
  });

  it('is late only beyond the tolerance, counted from the start of the shift', () => {
    const plan = planOf(NINE_TO_SIX, MONDAY);
    const onTime = dayAttendance(plan, [check(MONDAY, '09:05', '18:00')], after(MONDAY, '23:00'));
    expect(onTime.late).toBe(false);
    const late = dayAttendance(plan, [check(MONDAY, '09:17', '18:00')], after(MONDAY, '23:00'));
    expect(late).toMatchObject({ late: true, lateMinutes: 17 });
  });

  it('counts an early leave from the last check-out, and not while a check is open', () => {
    const plan = planOf(NINE_TO_SIX, MONDAY);
    const early = dayAttendance(plan, [check(MONDAY, '09:00', '17:20')], after(MONDAY, '23:00'));
    expect(early).toMatchObject({ leftEarly: true, earlyLeaveMinutes: 40 });
    const stillIn = dayAttendance(plan, [check(MONDAY, '09:00', null)], after(MONDAY, '17:20'));
    expect(stillIn).toMatchObject({ leftEarly: false, open: true, workedMinutes: 440 - 60 + 60 });
  });

  it('merges overlapping checks and counts the gaps as not worked', () => {
    const result = dayAttendance(
      planOf(NINE_TO_SIX, MONDAY),
      [
        check(MONDAY, '09:00', '13:00'),
        check(MONDAY, '12:30', '14:00'),
        check(MONDAY, '15:00', '18:00'),
      ],
      after(MONDAY, '23:00'),
    );
    // 09:00–14:00 and 15:00–18:00: 480 minutes, the 60-minute break taken from them.
    expect(result.workedMinutes).toBe(420);
    expect(result.overtimeMinutes).toBe(0);
  });

  it('takes the break only from the time worked beyond four hours', () => {
    const plan = planOf(NINE_TO_SIX, MONDAY);
    expect(
      dayAttendance(plan, [check(MONDAY, '09:00', '12:00')], after(MONDAY, '23:00')).workedMinutes,
    ).toBe(180);
    expect(
      dayAttendance(plan, [check(MONDAY, '09:00', '13:30')], after(MONDAY, '23:00')).workedMinutes,
    ).toBe(240);
  });

  it('marks an absence without reason once the shift is over, "not arrived" while it runs', () => {
    const plan = planOf(NINE_TO_SIX, MONDAY);
    expect(dayAttendance(plan, [], after(MONDAY, '08:00'))).toMatchObject({
      absent: false,
      notArrived: false,
    });
    expect(dayAttendance(plan, [], after(MONDAY, '09:10'))).toMatchObject({
      absent: false,
      notArrived: true,
    });
    expect(dayAttendance(plan, [], after(MONDAY, '18:00'))).toMatchObject({
      absent: true,
      notArrived: false,
    });
    const sunday = planOf(NINE_TO_SIX, '2026-03-01');
    expect(dayAttendance(sunday, [], after('2026-03-01', '23:00')).absent).toBe(false);
  });

  it('counts work on a rest day as such, with no overtime and no break', () => {
    const sunday = '2026-03-01';
    const result = dayAttendance(
      planOf(NINE_TO_SIX, sunday),
      [check(sunday, '10:00', '16:00')],
      after(sunday, '23:00'),
    );
    expect(result).toMatchObject({
      kind: 'REST',
      workedMinutes: 360,
      workedOnDayOff: true,
      overtimeMinutes: 0,
      plannedMinutes: 0,
    });
  });

  it('counts night minutes of a shift across midnight', () => {
    const night = nightWeek({
      start: '20:00',
      end: '08:00',
      breakMinutes: 60,
      workingDays: EVERY_DAY,
    });
    const result = dayAttendance(
      planOf(night, MONDAY),
      [check(MONDAY, '19:55', '+08:00')],
      after('2026-03-03', '12:00'),
    );
    // 19:55–08:00 is 725 minutes; the break comes off; 22:00–06:00 is 480 night minutes.
    expect(result).toMatchObject({
      plannedMinutes: 660,
      workedMinutes: 665,
      nightMinutes: 480,
      late: false,
      leftEarly: false,
    });
  });

  it('follows a DST change: the fall-back night in New York lasts an hour longer', () => {
    const zone = 'America/New_York';
    const night = nightWeek({
      start: '20:00',
      end: '08:00',
      breakMinutes: 0,
      workingDays: EVERY_DAY,
    });
    // Clocks go back at 02:00 on Sunday 1 November 2026.
    const result = dayAttendance(
      planOf(night, '2026-10-31', zone),
      [check('2026-10-31', '20:00', '+08:00', zone)],
      after('2026-11-01', '12:00', zone),
    );
    expect(result).toMatchObject({
      plannedMinutes: 780,
      workedMinutes: 780,
      nightMinutes: 540,
      overtimeMinutes: 0,
    });
    const berlin = 'Europe/Berlin';
    // Clocks go forward at 02:00 on Sunday 29 March 2026: that night has 7 hours.
    const spring = dayAttendance(
      planOf(night, '2026-03-28', berlin),
      [check('2026-03-28', '20:00', '+08:00', berlin)],
      after('2026-03-29', '12:00', berlin),
    );
    expect(spring).toMatchObject({ plannedMinutes: 660, workedMinutes: 660, nightMinutes: 420 });
  });

  it('measures a FLEX day against its core time and counts work inside its window only', () => {
    const flex = FlexScheduleSchema.parse({
      type: 'FLEX',
      days: EVERY_DAY.map(() => ({
        working: true,
        requiredMinutes: 480,
        earliestStart: '07:00',
        latestEnd: '21:00',
        coreStart: '11:00',
        coreEnd: '16:00',
        breakMinutes: 0,
      })),
    });
    const plan = planOf(flex, MONDAY);
    const result = dayAttendance(plan, [check(MONDAY, '06:30', '15:00')], after(MONDAY, '23:00'));
    // 07:00–15:00 counts; left an hour before the core ended.
    expect(result).toMatchObject({
      plannedMinutes: 480,
      workedMinutes: 480,
      late: false,
      leftEarly: true,
      earlyLeaveMinutes: 60,
    });
    const lateToCore = dayAttendance(
      plan,
      [check(MONDAY, '11:20', '20:00')],
      after(MONDAY, '23:00'),
    );
    expect(lateToCore).toMatchObject({ late: true, lateMinutes: 20 });
  });

  it('caps an open check at 24 hours', () => {
    const result = dayAttendance(
      planOf(NINE_TO_SIX, MONDAY),
      [check(MONDAY, '09:00', null)],
      after('2026-03-05', '09:00'),
    );
    expect(result.workedMinutes).toBe(24 * 60 - 60);
  });
});

describe('assignChecksToDates', () => {
  it('keeps a night shift’s morning check-out with the evening, and early arrivals with their shift', () => {
    const twoTwo = cyclePreset('2/2', { anchorDate: '2026-03-02', start: '20:00', end: '08:00' });
    const plans = ['2026-03-02', '2026-03-03', '2026-03-04'].map((date) => planOf(twoTwo, date));
    const evening = check('2026-03-02', '19:50', '+08:10');
    const second = check('2026-03-03', '20:00', '+07:30');
    const early = check('2026-03-03', '17:00', '17:30');
    const restDay = check('2026-03-04', '12:00', '13:00');
    const byDate = assignChecksToDates(
      plans,
      [evening, second, early, restDay],
      MOSCOW,
      Date.parse('2026-03-10T00:00:00Z'),
    );
    expect(byDate.get('2026-03-02')).toEqual([evening]);
    expect(byDate.get('2026-03-03')).toEqual([second, early]);
    expect(byDate.get('2026-03-04')).toEqual([restDay]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AttendanceCheck,
  checkInterval,
  dayAttendance,
  toAttendancePlan,
} from './attendance.ts';
import { fromDayNumber, minutesToWallTime, toDayNumber } from './dates.ts';
import { totalMinutes } from './intervals.ts';
import { planDay } from './plan.ts';
import { cyclePreset, fixedWeek, nightWeek } from './schedule-definition.ts';
import { wallTimeToMs } from './zone.ts';

const ZONES = ['Europe/Moscow', 'Europe/Berlin', 'America/New_York'];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const SCHEDULES = [
  fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }),
  nightWeek({ start: '20:00', end: '08:00', breakMinutes: 30, workingDays: EVERY_DAY }),
  cyclePreset('1/3', { anchorDate: '2026-01-01' }),
  cyclePreset('2/2', { anchorDate: '2026-01-01', start: '21:00', end: '09:00' }),
];

const scenario = fc.record({
  zone: fc.constantFrom(...ZONES),
  schedule: fc.constantFrom(...SCHEDULES),
  day: fc.integer({ min: toDayNumber('2026-01-01'), max: toDayNumber('2026-12-31') }),
  tolerance: fc.integer({ min: 0, max: 30 }),
  checks: fc.array(
    fc.record({
      startMinute: fc.integer({ min: -6 * 60, max: 36 * 60 }),
      length: fc.option(fc.integer({ min: 0, max: 16 * 60 }), { nil: null, freq: 6 }),
    }),
    { maxLength: 5 },
  ),
  nowMinute: fc.integer({ min: 0, max: 72 * 60 }),
});

describe('dayAttendance (properties)', () => {
  it('worked never exceeds the checks’ union; night and overtime never exceed worked', () => {
    fc.assert(
      fc.property(scenario, ({ zone, schedule, day, tolerance, checks, nowMinute }) => {
        const date = fromDayNumber(day);
        const midnight = wallTimeToMs(date, minutesToWallTime(0), zone);
        const nowMs = midnight + nowMinute * 60_000;
        const list: AttendanceCheck[] = checks
          .map(({ startMinute, length }) => ({
            inMs: midnight + startMinute * 60_000,
            outMs: length === null ? null : midnight + (startMinute + length) * 60_000,
          }))
          .filter((check) => check.inMs <= nowMs);
        const plan = toAttendancePlan(
          planDay(
            { timezone: zone, assignments: [{ effectiveFrom: '2025-01-01', schedule }] },
            date,
          ),
        );
        const result = dayAttendance(plan, list, {
          timezone: zone,
          lateToleranceMinutes: tolerance,
          nowMs,
        });
        const union = totalMinutes(list.map((check) => checkInterval(check, nowMs)));
        expect(result.workedMinutes).toBeGreaterThanOrEqual(0);
        expect(result.workedMinutes).toBeLessThanOrEqual(Math.floor(union + 1e-6));
        expect(result.nightMinutes).toBeLessThanOrEqual(result.workedMinutes);
        expect(result.overtimeMinutes).toBeLessThanOrEqual(result.workedMinutes);
        expect(result.lateMinutes).toBeGreaterThanOrEqual(0);
        expect(result.earlyLeaveMinutes).toBeGreaterThanOrEqual(0);
        if (result.late) expect(result.lateMinutes).toBeGreaterThan(tolerance);
        if (list.length > 0) expect(result.absent || result.notArrived).toBe(false);
        if (result.workedOnDayOff) expect(plan.kind).not.toBe('WORK');
      }),
      { numRuns: 400 },
    );
  });
});

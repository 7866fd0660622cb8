import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  eachDate,
  fromDayNumber,
  minutesToWallTime,
  toDayNumber,
  wallSpanMinutes,
} from './dates.ts';
import {
  type DayPlan,
  type PlanInput,
  type PlannedShift,
  createPlanner,
  planDay,
  planRange,
} from './plan.ts';
import { RU_PRODUCTION_CALENDAR } from './production-calendar.ts';
import { type ScheduleDefinition, DynamicScheduleSchema } from './schedule-definition.ts';
import { localDateOf } from './zone.ts';

const DST_ZONES = [
  'Europe/Moscow',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Almaty',
  // Springs forward at midnight (00:00 does not exist) and moves its clocks by 30 minutes.
  'America/Santiago',
  'Australia/Lord_Howe',
];
// No offset change from 2025 on (Almaty's last one was on 2024-03-01).
const STEADY_ZONES = ['Europe/Moscow', 'Asia/Almaty', 'Asia/Tokyo', 'Asia/Kolkata', 'UTC'];

const DAY_MIN = toDayNumber('2019-01-01');
const DAY_MAX = toDayNumber('2031-12-31');
const date = (min = DAY_MIN, max = DAY_MAX) => fc.integer({ min, max }).map(fromDayNumber);

/** Minutes of the day, often near midnight and the usual DST hours. */
const minute = fc.oneof(
  fc.integer({ min: 0, max: 1439 }),
  fc.constantFrom(0, 15, 60, 90, 120, 150, 180, 1320, 1380, 1425),
);
const wallTime = minute.map(minutesToWallTime);
const breakMinutes = fc.integer({ min: 0, max: 90 });

/** A FIXED day: end after start on the same day. */
const fixedDay = fc
  .record({
    working: fc.boolean(),
    start: fc.integer({ min: 0, max: 1430 }),
    length: fc.integer({ min: 1, max: 1439 }),
    breakMinutes,
  })
  .map(({ working, start, length, breakMinutes: br }) => {
    const end = Math.min(1439, start + length);
    return {
      working,
      start: minutesToWallTime(start),
      end: minutesToWallTime(end),
      breakMinutes: Math.min(br, end - start - 1),
    };
  });
/** A NIGHT day: end before start, on the next day. */
const nightDay = fc
  .record({
    working: fc.boolean(),
    start: fc.integer({ min: 1, max: 1439 }),
    end: fc.integer({ min: 0, max: 1438 }),
    breakMinutes,
  })
  .map(({ working, start, end, breakMinutes: br }) => ({
    working,
    start: minutesToWallTime(start),
    end: minutesToWallTime(Math.min(end, start - 1)),
    breakMinutes: br,
  }));
const flexDay = fc.record(
  {
    working: fc.boolean(),
    requiredMinutes: fc.integer({ min: 1, max: 720 }),
    earliestStart: wallTime,
    latestEnd: wallTime,
    coreStart: wallTime,
    coreEnd: wallTime,
    breakMinutes,
  },
  { requiredKeys: ['working', 'requiredMinutes', 'breakMinutes'] },
);
/** Any span: an end at or before the start is on the next day. */
const span = fc.record({ start: wallTime, end: wallTime, breakMinutes });
const cycleDay = fc.record({ working: fc.boolean(), start: wallTime, end: wallTime, breakMinutes });

const week = <T>(day: fc.Arbitrary<T>) => fc.array(day, { minLength: 7, maxLength: 7 });

// Not filtered through the schemas on purpose: the planner must keep shifts apart even for data
// the schemas would reject (overnight shifts into the next one, DST gaps, assignment changes).
const schedule: fc.Arbitrary<ScheduleDefinition> = fc.oneof(
  fc.record({
    type: fc.constant('FIXED' as const),
    days: week(fixedDay),
    followsProductionCalendar: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('FLEX' as const),
    days: week(flexDay),
    followsProductionCalendar: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('NIGHT' as const),
    days: week(nightDay),
    followsProductionCalendar: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('DYNAMIC' as const),
    anchorDate: date(),
    cycle: fc.array(cycleDay, { minLength: 1, maxLength: 62 }),
    followsProductionCalendar: fc.boolean(),
  }),
);

const MAX_RANGE_DAYS = 75;

/** An input and a range around the days the input talks about. */
const scenario = fc
  .record({
    from: date(),
    length: fc.integer({ min: 1, max: MAX_RANGE_DAYS }),
    timezone: fc.constantFrom(...DST_ZONES),
    withCalendar: fc.boolean(),
  })
  .chain(({ from, length, timezone, withCalendar }) => {
    const start = toDayNumber(from);
    const inRange = date(start - 3, start + length + 3);
    return fc
      .record({
        assignments: fc.array(
          fc.record({ effectiveFrom: inRange, schedule: fc.option(schedule, { freq: 6 }) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        rosterOverrides: fc.array(
          fc.record({ date: inRange, shifts: fc.array(span, { maxLength: 3 }) }),
          { maxLength: 6 },
        ),
        dayOffs: fc.array(
          fc.record({
            from: inRange,
            days: fc.integer({ min: 0, max: 10 }),
            type: fc.constantFrom(
              'VACATION',
              'SICKLEAVE',
              'HOLIDAY',
              'DISMISSED',
              'WEEKEND' as const,
            ),
          }),
          { maxLength: 3 },
        ),
      })
      .map(({ assignments, rosterOverrides, dayOffs }) => {
        // The first assignment starts before the range so that most days have a schedule.
        const first = assignments[0];
        if (first) first.effectiveFrom = addDays(from, -5);
        const input: PlanInput = {
          timezone,
          assignments,
          rosterOverrides,
          dayOffs: dayOffs.map((d) => ({
            from: d.from,
            to: addDays(d.from, d.days),
            type: d.type,
          })),
          calendar: withCalendar ? RU_PRODUCTION_CALENDAR : undefined,
        };
        return { input, from, to: addDays(from, length - 1) };
      });
  });

function shiftsOf(plans: DayPlan[]): Array<PlannedShift & { date: string }> {
  return plans.flatMap((plan) =>
    plan.kind === 'WORK' ? plan.shifts.map((s) => ({ ...s, date: plan.date })) : [],
  );
}

describe('planner properties', () => {
  it('never plans two overlapping shifts, and each starts on its own date', () => {
    fc.assert(
      fc.property(scenario, ({ input, from, to }) => {
        const plans = planRange(input, from, to);
        expect(plans.map((plan) => plan.date)).toEqual(eachDate(from, to));
        const shifts = shiftsOf(plans).sort((a, b) => a.startMs - b.startMs);
        shifts.forEach((shift, i) => {
          expect(shift.endMs).toBeGreaterThan(shift.startMs);
          expect(shift.plannedMinutes).toBeGreaterThanOrEqual(0);
          expect(localDateOf(shift.startMs, input.timezone)).toBe(shift.date);
          expect(Date.parse(shift.start)).toBe(shift.startMs);
          expect(Date.parse(shift.end)).toBe(shift.endMs);
          const next = shifts[i + 1];
          if (next) expect(shift.endMs).toBeLessThanOrEqual(next.startMs);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('plans exactly the cycle’s minutes over one full cycle where clocks do not change', () => {
    const validCycle = fc
      .record({
        anchorDate: date(toDayNumber('2025-01-01')),
        cycle: fc.array(cycleDay, { minLength: 1, maxLength: 62 }),
      })
      .map(({ anchorDate, cycle }) =>
        DynamicScheduleSchema.safeParse({
          type: 'DYNAMIC',
          anchorDate,
          cycle: cycle.map((d) => ({
            ...d,
            breakMinutes: Math.min(d.breakMinutes, wallSpanMinutes(d.start, d.end) - 1),
          })),
        }),
      )
      .filter((result) => result.success)
      .map((result) => result.data!);
    fc.assert(
      fc.property(
        validCycle,
        fc.constantFrom(...STEADY_ZONES),
        fc.integer({ min: toDayNumber('2025-01-01'), max: toDayNumber('2034-12-31') }),
        (dynamic, timezone, startDay) => {
          const from = fromDayNumber(startDay);
          const to = addDays(from, dynamic.cycle.length - 1);
          const plans = planRange(
            { timezone, assignments: [{ effectiveFrom: '2024-06-01', schedule: dynamic }] },
            from,
            to,
          );
          const planned = shiftsOf(plans).reduce((sum, shift) => sum + shift.plannedMinutes, 0);
          const pattern = dynamic.cycle
            .filter((d) => d.working)
            .reduce((sum, d) => sum + wallSpanMinutes(d.start, d.end) - d.breakMinutes, 0);
          expect(planned).toBe(pattern);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('plans a date the same whatever was asked before and whatever range holds it', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.array(fc.double({ noNaN: true }), {
          minLength: MAX_RANGE_DAYS,
          maxLength: MAX_RANGE_DAYS,
        }),
        fc.nat({ max: 10 }),
        ({ input, from, to }, keys, widen) => {
          const dates = eachDate(from, to);
          const inRange = planRange(input, from, to);
          const wider = planRange(input, addDays(from, -widen), addDays(to, widen)).slice(
            widen,
            widen + dates.length,
          );
          expect(wider).toEqual(inRange);
          const shuffled = dates
            .map((d, i) => ({ d, key: keys[i] ?? 0 }))
            .sort((a, b) => a.key - b.key)
            .map(({ d }) => d);
          const planner = createPlanner(input);
          const asked = new Map(shuffled.map((d) => [d, planner.planDay(d)]));
          dates.forEach((d, i) => {
            expect(asked.get(d)).toEqual(inRange[i]);
            expect(planDay(input, d)).toEqual(inRange[i]);
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});

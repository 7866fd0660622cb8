/**
 * The plan of an employee's days: which schedule is in force, what the day is (work, rest,
 * day-off, holiday) and the shifts as instants in the branch's time zone.
 *
 * Precedence for a date, first match wins:
 * 1. an approved day-off covering the date → DAY_OFF (several: SICKLEAVE > VACATION > DISMISSED >
 *    HOLIDAY > WEEKEND, so a sick leave inside a vacation shows as sick leave); a non-working
 *    holiday of the calendar inside a vacation is HOLIDAY, not vacation (art. 120 ТК РФ), whatever
 *    the schedule, while a sick leave runs through holidays;
 * 2. a roster override for the date → its shifts taken literally (none = REST), whatever the
 *    schedule and the calendar say, and even without a schedule;
 * 3. no schedule in force (before the first assignment, or an assignment of `null`) → NO_SCHEDULE;
 * 4. a schedule that follows the production calendar, on a calendar HOLIDAY → HOLIDAY;
 * 5. the schedule's pattern for the date (weekday, or cycle position for DYNAMIC) → WORK or REST.
 *    Weekly schedules that follow the calendar also take its transfers: a Monday–Friday date the
 *    calendar makes a day off is REST; a Saturday or Sunday it makes a working day, when the
 *    pattern rests that day, is worked with the pattern of the nearest preceding working weekday.
 *    A SHORTENED date ends the shift one hour earlier (FLEX: one hour less required).
 *
 * A shift belongs to the date it starts on. An end at or before the start is on the next day.
 * Shifts never overlap: a shift that would start before an earlier one has ended (the previous
 * day's overnight shift, a roster placed against it, a DST gap) starts when that one ends, and
 * is dropped when nothing is left of it or its start would leave its date; a working day left
 * without shifts is REST.
 */
import type { DayOffType } from '@smena/contract';
import {
  type LocalDate,
  type WallTime,
  addDays,
  daysBetween,
  eachDate,
  toDayNumber,
  wallTimeToMinutes,
  weekdayIndex,
} from './dates.ts';
import {
  type DayKind,
  type ProductionCalendar,
  dayKind,
  isWorkingDayKind,
} from './production-calendar.ts';
import type { RosterShift, ScheduleDefinition } from './schedule-definition.ts';
import { getZone, toIsoInZone, wallTimeToMs } from './zone.ts';

export interface ScheduleAssignment {
  /** The schedule applies from this date on, until a later assignment. */
  effectiveFrom: LocalDate;
  /** `null` ends the previous schedule: the employee has none from this date. */
  schedule: ScheduleDefinition | null;
}

export interface PlanRosterOverride {
  date: LocalDate;
  /** The shifts of the date; an empty list makes the date a rest day. */
  shifts: readonly RosterShift[];
}

/** An approved day-off, both dates included. */
export interface PlanDayOff {
  from: LocalDate;
  to: LocalDate;
  type: DayOffType;
}

export interface PlanInput {
  /** IANA time zone of the branch (else the company). */
  timezone: string;
  /** Schedule history; on a tie of dates the later entry wins. */
  assignments: readonly ScheduleAssignment[];
  /** Roster by date; when a date appears twice the later entry wins. */
  rosterOverrides?: readonly PlanRosterOverride[];
  /** Approved day-offs only. */
  dayOffs?: readonly PlanDayOff[];
  /** Used by schedules with `followsProductionCalendar`; without it every week is Monday–Friday. */
  calendar?: ProductionCalendar;
}

/** An interval of time, start included, end excluded: ISO 8601 with offset and epoch ms. */
export interface TimeSpan {
  start: string;
  startMs: number;
  end: string;
  endMs: number;
}

export interface PlannedShift extends TimeSpan {
  /** Unpaid break inside the shift. */
  breakMinutes: number;
  /** Minutes to work: real elapsed minutes minus the break (FLEX: the required minutes). */
  plannedMinutes: number;
}

/**
 * A FLEX day. Its one shift is `window`: the time in which work counts (earliest start to
 * latest end, else the whole local day); `plannedMinutes` of that shift is `requiredMinutes`.
 */
export interface FlexPlan {
  requiredMinutes: number;
  window: TimeSpan;
  /** Core time everyone is present in, when the schedule has one. */
  core?: TimeSpan;
}

export interface WorkDayPlan {
  date: LocalDate;
  kind: 'WORK';
  shifts: PlannedShift[];
  flex?: FlexPlan;
  /** A pre-holiday day shortened by the production calendar. */
  shortened: boolean;
}

export type DayPlan =
  | WorkDayPlan
  | { date: LocalDate; kind: 'REST' }
  | { date: LocalDate; kind: 'DAY_OFF'; type: DayOffType }
  | { date: LocalDate; kind: 'HOLIDAY' }
  | { date: LocalDate; kind: 'NO_SCHEDULE' };

export type DayPlanKind = DayPlan['kind'];

export interface Planner {
  planDay(date: LocalDate): DayPlan;
  /** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
  planRange(from: LocalDate, to: LocalDate): DayPlan[];
}

const MINUTE_MS = 60_000;
const SHORTENED_BY_MINUTES = 60;

const DAY_OFF_PRIORITY: Record<DayOffType, number> = {
  SICKLEAVE: 5,
  VACATION: 4,
  DISMISSED: 3,
  HOLIDAY: 2,
  WEEKEND: 1,
};

interface RawShift {
  startMs: number;
  endMs: number;
  breakMinutes: number;
  /** FLEX only. */
  requiredMinutes?: number;
}

interface RawInterval {
  startMs: number;
  endMs: number;
}

type RawDay =
  | { kind: 'WORK'; shifts: RawShift[]; core?: RawInterval; shortened: boolean }
  | { kind: 'REST' }
  | { kind: 'DAY_OFF'; type: DayOffType }
  | { kind: 'HOLIDAY' }
  | { kind: 'NO_SCHEDULE' };

const REST: RawDay = { kind: 'REST' };

interface WeeklyDay {
  working: boolean;
}

/**
 * The pattern day of a weekly schedule for a date, or null for rest. `calendarKind` is null when
 * the schedule does not follow a calendar.
 */
function weeklyPatternDay<T extends WeeklyDay>(
  days: readonly T[],
  date: LocalDate,
  calendarKind: DayKind | null,
): T | null {
  const weekday = weekdayIndex(date);
  const own = days[weekday];
  if (calendarKind !== null) {
    if (calendarKind === 'WEEKEND' && weekday < 5) return null;
    if (isWorkingDayKind(calendarKind) && weekday >= 5 && !own?.working) {
      for (let back = 1; back < 7; back++) {
        const candidate = days[(weekday - back + 7) % 7];
        if (candidate?.working) return candidate;
      }
      return null;
    }
  }
  return own?.working ? own : null;
}

/** Applies the rules above; one instance memoizes days, so repeated queries are cheap. */
export function createPlanner(input: PlanInput): Planner {
  const { timezone, calendar } = input;
  getZone(timezone); // fail fast on an unknown zone

  const assignments = input.assignments
    .map((assignment, order) => ({
      ...assignment,
      day: toDayNumber(assignment.effectiveFrom),
      order,
    }))
    .sort((a, b) => a.day - b.day || a.order - b.order);
  const overrides = new Map<LocalDate, readonly RosterShift[]>();
  for (const override of input.rosterOverrides ?? []) {
    toDayNumber(override.date);
    overrides.set(override.date, override.shifts);
  }
  const dayOffs = (input.dayOffs ?? []).map((dayOff) => ({
    type: dayOff.type,
    from: toDayNumber(dayOff.from),
    to: toDayNumber(dayOff.to),
  }));

  const rawCache = new Map<LocalDate, RawDay>();
  const planCache = new Map<LocalDate, DayPlan>();

  function scheduleOn(day: number): ScheduleDefinition | null {
    for (let i = assignments.length - 1; i >= 0; i--) {
      const assignment = assignments[i];
      if (assignment && assignment.day <= day) return assignment.schedule;
    }
    return null;
  }

  function dayOffOn(day: number): DayOffType | null {
    let found: DayOffType | null = null;
    for (const dayOff of dayOffs)
      if (dayOff.from <= day && day <= dayOff.to)
        if (found === null || DAY_OFF_PRIORITY[dayOff.type] > DAY_OFF_PRIORITY[found])
          found = dayOff.type;
    return found;
  }

  function span(date: LocalDate, start: WallTime, end: WallTime): RawInterval {
    const endDate = wallTimeToMinutes(end) > wallTimeToMinutes(start) ? date : addDays(date, 1);
    return {
      startMs: wallTimeToMs(date, start, timezone),
      endMs: wallTimeToMs(endDate, end, timezone),
    };
  }

  function shiftOf(
    date: LocalDate,
    pattern: { start: WallTime; end: WallTime; breakMinutes: number },
  ): RawShift {
    return { ...span(date, pattern.start, pattern.end), breakMinutes: pattern.breakMinutes };
  }

  function work(shift: RawShift, shortened: boolean, core?: RawInterval): RawDay {
    if (!shortened) return { kind: 'WORK', shifts: [shift], core, shortened };
    if (shift.requiredMinutes !== undefined) {
      const requiredMinutes = Math.max(0, shift.requiredMinutes - SHORTENED_BY_MINUTES);
      return { kind: 'WORK', shifts: [{ ...shift, requiredMinutes }], core, shortened };
    }
    const cut = Math.min(SHORTENED_BY_MINUTES, netMinutes(shift));
    return {
      kind: 'WORK',
      shifts: [{ ...shift, endMs: shift.endMs - cut * MINUTE_MS }],
      core,
      shortened,
    };
  }

  function computeRaw(date: LocalDate): RawDay {
    const day = toDayNumber(date);
    const dayOff = dayOffOn(day);
    if (dayOff === 'VACATION' && calendar !== undefined && dayKind(calendar, date) === 'HOLIDAY')
      return { kind: 'HOLIDAY' };
    if (dayOff !== null) return { kind: 'DAY_OFF', type: dayOff };

    const override = overrides.get(date);
    if (override !== undefined) {
      if (override.length === 0) return REST;
      return { kind: 'WORK', shifts: override.map((s) => shiftOf(date, s)), shortened: false };
    }

    const schedule = scheduleOn(day);
    if (schedule === null) return { kind: 'NO_SCHEDULE' };
    const calendarKind =
      calendar !== undefined && schedule.followsProductionCalendar ? dayKind(calendar, date) : null;
    if (calendarKind === 'HOLIDAY') return { kind: 'HOLIDAY' };
    const shortened = calendarKind === 'SHORTENED';

    switch (schedule.type) {
      case 'FIXED':
      case 'NIGHT': {
        const pattern = weeklyPatternDay(schedule.days, date, calendarKind);
        return pattern ? work(shiftOf(date, pattern), shortened) : REST;
      }
      case 'FLEX': {
        const pattern = weeklyPatternDay(schedule.days, date, calendarKind);
        if (!pattern) return REST;
        const window = span(date, pattern.earliestStart ?? '00:00', pattern.latestEnd ?? '00:00');
        const core =
          pattern.coreStart !== undefined && pattern.coreEnd !== undefined
            ? span(date, pattern.coreStart, pattern.coreEnd)
            : undefined;
        const shift = {
          ...window,
          breakMinutes: pattern.breakMinutes,
          requiredMinutes: pattern.requiredMinutes,
        };
        return work(shift, shortened, core);
      }
      case 'DYNAMIC': {
        const { cycle } = schedule;
        const offset = daysBetween(schedule.anchorDate, date);
        const entry = cycle[((offset % cycle.length) + cycle.length) % cycle.length];
        // The week's transfers mean nothing to a cycle; holidays and shortened days do.
        return entry?.working ? work(shiftOf(date, entry), shortened) : REST;
      }
    }
  }

  function rawDay(date: LocalDate): RawDay {
    let raw = rawCache.get(date);
    if (raw === undefined) {
      raw = computeRaw(date);
      rawCache.set(date, raw);
    }
    return raw;
  }

  function computePlan(date: LocalDate): DayPlan {
    const raw = rawDay(date);
    if (raw.kind !== 'WORK') return { date, ...raw };

    // A shift is at most 24 wall hours long, so only the previous day can run into this one.
    const previous = rawDay(addDays(date, -1));
    let cursor = -Infinity;
    if (previous.kind === 'WORK')
      for (const shift of previous.shifts) cursor = Math.max(cursor, shift.endMs);

    // A shift pushed past the end of its date would belong to the next one: nothing is left of it.
    const dayEndMs = wallTimeToMs(addDays(date, 1), '00:00', timezone);
    const kept: RawShift[] = [];
    for (const shift of [...raw.shifts].sort((a, b) => a.startMs - b.startMs)) {
      const startMs = Math.max(shift.startMs, cursor);
      if (shift.endMs <= startMs || startMs >= dayEndMs) continue;
      kept.push({ ...shift, startMs });
      cursor = Math.max(cursor, shift.endMs);
    }
    const first = kept[0];
    if (first === undefined) return { date, kind: 'REST' };

    const shifts = kept.map((shift) => ({
      ...timeSpan(shift),
      breakMinutes: shift.breakMinutes,
      plannedMinutes:
        shift.requiredMinutes === undefined
          ? netMinutes(shift)
          : Math.min(shift.requiredMinutes, netMinutes(shift)),
    }));
    const plan: WorkDayPlan = { date, kind: 'WORK', shifts, shortened: raw.shortened };
    if (first.requiredMinutes !== undefined) {
      plan.flex = { requiredMinutes: first.requiredMinutes, window: timeSpan(first) };
      const core = raw.core && {
        startMs: Math.max(raw.core.startMs, first.startMs),
        endMs: Math.min(raw.core.endMs, first.endMs),
      };
      if (core && core.endMs > core.startMs) plan.flex.core = timeSpan(core);
    }
    return plan;
  }

  function timeSpan(interval: RawInterval): TimeSpan {
    return {
      start: toIsoInZone(interval.startMs, timezone),
      startMs: interval.startMs,
      end: toIsoInZone(interval.endMs, timezone),
      endMs: interval.endMs,
    };
  }

  function planDay(date: LocalDate): DayPlan {
    let plan = planCache.get(date);
    if (plan === undefined) {
      plan = computePlan(date);
      planCache.set(date, plan);
    }
    return plan;
  }

  return {
    planDay,
    planRange: (from, to) => eachDate(from, to).map(planDay),
  };
}

/** Real elapsed minutes minus the break, never below zero. */
function netMinutes(shift: RawShift): number {
  return Math.max(0, Math.round((shift.endMs - shift.startMs) / MINUTE_MS) - shift.breakMinutes);
}

/** The plan of one date. For many dates use `planRange` or one `createPlanner`. */
export function planDay(input: PlanInput, date: LocalDate): DayPlan {
  return createPlanner(input).planDay(date);
}

/** The plans of every date from `from` to `to`, both included. */
export function planRange(input: PlanInput, from: LocalDate, to: LocalDate): DayPlan[] {
  return createPlanner(input).planRange(from, to);
}

/** Minutes to work on a planned day: the sum of its shifts' planned minutes, 0 when not working. */
export function plannedMinutesOf(plan: DayPlan): number {
  return plan.kind === 'WORK'
    ? plan.shifts.reduce((sum, shift) => sum + shift.plannedMinutes, 0)
    : 0;
}

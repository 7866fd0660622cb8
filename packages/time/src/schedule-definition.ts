/**
 * What a work schedule says: the zod schemas live in @smena/contract (the server and the web forms
 * validate with them) and are re-exported here so the engine's API stays whole; the presets that
 * build common schedules are the engine's own.
 */
import {
  DynamicScheduleSchema,
  FixedScheduleSchema,
  NightScheduleSchema,
  type DynamicSchedule,
  type FixedSchedule,
  type NightSchedule,
} from '@smena/contract';
import type { LocalDate } from './dates.ts';

export {
  scheduleMessages,
  LocalDateSchema,
  WallTimeSchema,
  BreakMinutesSchema,
  FixedDaySchema,
  FixedScheduleSchema,
  FlexDaySchema,
  FlexScheduleSchema,
  NightDaySchema,
  NightScheduleSchema,
  CycleDaySchema,
  MAX_CYCLE_DAYS,
  DynamicScheduleSchema,
  ScheduleDefinitionSchema,
  RosterShiftSchema,
  RosterOverrideSchema,
  MAX_ROSTER_SHIFTS,
  checkShiftsOverlap,
} from '@smena/contract';
export type {
  FixedDay,
  FixedSchedule,
  FlexDay,
  FlexSchedule,
  NightDay,
  NightSchedule,
  CycleDay,
  DynamicSchedule,
  ScheduleDefinition,
  ScheduleDefinitionInput,
  RosterShift,
  RosterOverride,
} from '@smena/contract';

const WEEK_DAYS = 7;
type Span = { start: string; end: string; breakMinutes: number };

// ---------------------------------------------------------------- presets

/** Named cycles with their usual shift; any other 'on/off[/on/off…]' string works too. */
export type CyclePresetName = '2/2' | '1/3' | '5/2';

export interface CyclePresetOptions {
  anchorDate: LocalDate;
  start?: string;
  end?: string;
  breakMinutes?: number;
  followsProductionCalendar?: boolean;
}

const PRESET_SHIFTS: Record<CyclePresetName, Span> = {
  '2/2': { start: '08:00', end: '20:00', breakMinutes: 60 },
  '1/3': { start: '09:00', end: '09:00', breakMinutes: 0 }, // a 24-hour shift
  '5/2': { start: '09:00', end: '18:00', breakMinutes: 60 },
};
const DEFAULT_SHIFT: Span = { start: '09:00', end: '18:00', breakMinutes: 60 };

/**
 * A DYNAMIC schedule from a pattern of working and rest days: '2/2' (two on, two off), '1/3'
 * (a 24-hour shift, three off), '5/2', any 'on/off/on/off…' string, or the counts as numbers
 * ([3, 2, 2, 3]). Every working day has the same shift. Throws a ZodError when the result is
 * not a valid schedule.
 */
export function cyclePreset(
  pattern: CyclePresetName | string | readonly number[],
  options: CyclePresetOptions,
): DynamicSchedule {
  const counts =
    typeof pattern === 'string' ? pattern.split('/').map((part) => Number(part.trim())) : pattern;
  if (
    counts.length < 2 ||
    counts.length % 2 !== 0 ||
    counts.some((n) => !Number.isInteger(n) || n < 0)
  )
    throw new RangeError(`Invalid cycle pattern "${String(pattern)}", expected e.g. "2/2"`);
  const base =
    typeof pattern === 'string' && pattern in PRESET_SHIFTS
      ? PRESET_SHIFTS[pattern as CyclePresetName]
      : DEFAULT_SHIFT;
  const shift: Span = {
    start: options.start ?? base.start,
    end: options.end ?? base.end,
    breakMinutes: options.breakMinutes ?? base.breakMinutes,
  };
  const cycle = counts.flatMap((count, i) =>
    Array.from({ length: count }, () => ({ working: i % 2 === 0, ...shift })),
  );
  return DynamicScheduleSchema.parse({
    type: 'DYNAMIC',
    anchorDate: options.anchorDate,
    cycle,
    followsProductionCalendar: options.followsProductionCalendar ?? false,
  });
}

export interface WeekPresetOptions {
  start: string;
  end: string;
  breakMinutes?: number;
  /** 0 = Monday … 6 = Sunday; Monday to Friday when not given. */
  workingDays?: readonly number[];
  followsProductionCalendar?: boolean;
}

function weekDays(options: WeekPresetOptions): Array<{ working: boolean } & Span> {
  const working = new Set(options.workingDays ?? [0, 1, 2, 3, 4]);
  return Array.from({ length: WEEK_DAYS }, (_, i) => ({
    working: working.has(i),
    start: options.start,
    end: options.end,
    breakMinutes: options.breakMinutes ?? 0,
  }));
}

/** A FIXED week with the same hours on each working day, e.g. 5/2 09:00–18:00 with a 60-minute break. */
export function fixedWeek(options: WeekPresetOptions): FixedSchedule {
  return FixedScheduleSchema.parse({
    type: 'FIXED',
    days: weekDays(options),
    followsProductionCalendar: options.followsProductionCalendar ?? true,
  });
}

/** A NIGHT week with the same hours on each working day, e.g. 20:00–08:00. */
export function nightWeek(options: WeekPresetOptions): NightSchedule {
  return NightScheduleSchema.parse({
    type: 'NIGHT',
    days: weekDays(options),
    followsProductionCalendar: options.followsProductionCalendar ?? true,
  });
}

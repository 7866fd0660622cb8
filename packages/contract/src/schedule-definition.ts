/**
 * What a work schedule says, as zod schemas with Russian messages: shared by the server, the web
 * forms and the engine (@smena/time re-exports them). Wall times are `HH:mm` in the branch's time
 * zone. A span whose end is at or before its start ends on the next day — the rule the whole
 * engine uses; FIXED forbids it, NIGHT requires it.
 */
import { z } from 'zod';
import './zod-setup.ts';

// The contract depends on zod only, so the few date helpers the checks need live here
// (the engine has the full set in @smena/time's dates.ts).
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

function isLocalDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function isWallTime(value: string): boolean {
  return TIME_RE.test(value);
}

function wallTimeToMinutes(time: string): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Invalid time "${time}", expected HH:mm`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes of a span; an end at or before the start is on the next day ('09:00'–'09:00' is 24 h). */
function wallSpanMinutes(start: string, end: string): number {
  const s = wallTimeToMinutes(start);
  const e = wallTimeToMinutes(end);
  return e > s ? e - s : e + 1440 - s;
}

export const scheduleMessages = {
  time: 'Время в формате ЧЧ:ММ',
  dateFormat: 'Дата в формате ГГГГ-ММ-ДД',
  dateExists: 'Несуществующая дата',
  endAfterStart: 'Конец смены должен быть позже начала',
  nightEndNextDay: 'Ночная смена заканчивается на следующий день: конец должен быть раньше начала',
  breakShorter: 'Перерыв должен быть короче смены',
  breakRange: 'Перерыв — от 0 до 1440 минут',
  minutesInteger: 'Укажите целое число минут',
  sevenDays: 'Укажите 7 дней недели: с понедельника по воскресенье',
  overlapsNextDay: 'Смена пересекается со сменой следующего дня',
  overlapsNextInCycle: 'Смена пересекается со следующей сменой цикла',
  cycleLength: 'Цикл — от 1 до 62 дней',
  cycleHasWork: 'В цикле должна быть хотя бы одна рабочая смена',
  requiredPositive: 'Укажите, сколько минут нужно отработать',
  requiredRange: 'Норма дня — от 0 до 1440 минут',
  coreBoth: 'Укажите и начало, и конец основного времени',
  coreEndAfterStart: 'Конец основного времени должен быть позже начала',
  latestEndAfterEarliest: 'Самый поздний конец должен быть позже самого раннего начала',
  earliestBeforeCore: 'Самое раннее начало не может быть позже начала основного времени',
  latestAfterCore: 'Самый поздний конец не может быть раньше конца основного времени',
  windowTooShort:
    'Норма дня и перерыв не помещаются между самым ранним началом и самым поздним концом',
  shiftsOverlap: 'Смены одного дня пересекаются',
} as const;

/** `yyyy-MM-dd` of a date that exists. */
export const LocalDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, scheduleMessages.dateFormat)
  .refine(isLocalDate, scheduleMessages.dateExists)
  // The same years as the contract's DateStringSchema (common.ts): the engine walks from here.
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 2000 && year <= 2100;
  }, 'Год от 2000 до 2100');

export const WallTimeSchema = z.string().refine(isWallTime, scheduleMessages.time);

export const BreakMinutesSchema = z
  .number()
  .int(scheduleMessages.minutesInteger)
  .min(0, scheduleMessages.breakRange)
  .max(1440, scheduleMessages.breakRange);

const WEEK_DAYS = 7;

/** A working span of a day: the shared shape of FIXED, NIGHT, cycle and roster shifts. */
const spanShape = {
  start: WallTimeSchema,
  end: WallTimeSchema,
  breakMinutes: BreakMinutesSchema.default(0),
};

type Issue = { message: string; path: PropertyKey[] };
type Span = { start: string; end: string; breakMinutes: number };

/** Checks a span only once its times are well-formed (their own errors are reported already). */
function spanIssues(span: Span, rule: 'same-day' | 'next-day' | 'any'): Issue[] {
  if (!isWallTime(span.start) || !isWallTime(span.end)) return [];
  const start = wallTimeToMinutes(span.start);
  const end = wallTimeToMinutes(span.end);
  if (rule === 'same-day' && end <= start)
    return [{ message: scheduleMessages.endAfterStart, path: ['end'] }];
  if (rule === 'next-day' && end >= start)
    return [{ message: scheduleMessages.nightEndNextDay, path: ['end'] }];
  if (span.breakMinutes >= wallSpanMinutes(span.start, span.end))
    return [{ message: scheduleMessages.breakShorter, path: ['breakMinutes'] }];
  return [];
}

function report(ctx: z.core.$RefinementCtx, issues: Issue[], prefix: PropertyKey[] = []): void {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...prefix, ...issue.path] });
}

/**
 * Whether the span `a` (of one day) runs past the start of `b` (of the next day). Only spans
 * that cross midnight can; wall minutes, so a schedule valid here can still meet a DST shift,
 * which the planner resolves (see plan.ts).
 */
function runsIntoNext(a: Span, b: Span): boolean {
  if (!isWallTime(a.start) || !isWallTime(a.end) || !isWallTime(b.start)) return false;
  const aStart = wallTimeToMinutes(a.start);
  const aEnd = wallTimeToMinutes(a.end);
  if (aEnd > aStart) return false;
  return aEnd > wallTimeToMinutes(b.start);
}

// ---------------------------------------------------------------- FIXED

export const FixedDaySchema = z
  .object({ working: z.boolean(), ...spanShape })
  .superRefine((day, ctx) => {
    if (day.working) report(ctx, spanIssues(day, 'same-day'));
  });
export type FixedDay = z.infer<typeof FixedDaySchema>;

export const FixedScheduleSchema = z.object({
  type: z.literal('FIXED'),
  /** Monday … Sunday. */
  days: z.array(FixedDaySchema).length(WEEK_DAYS, scheduleMessages.sevenDays),
  followsProductionCalendar: z.boolean().default(true),
});
export type FixedSchedule = z.infer<typeof FixedScheduleSchema>;

// ---------------------------------------------------------------- FLEX

export const FlexDaySchema = z
  .object({
    working: z.boolean(),
    /** Minutes to work that day, breaks excluded. */
    requiredMinutes: z
      .number()
      .int(scheduleMessages.minutesInteger)
      .min(0, scheduleMessages.requiredRange)
      .max(1440, scheduleMessages.requiredRange),
    /** Core window: everyone is present between these. */
    coreStart: WallTimeSchema.optional(),
    coreEnd: WallTimeSchema.optional(),
    /** Work counts from … until …; the whole day when not given. */
    earliestStart: WallTimeSchema.optional(),
    latestEnd: WallTimeSchema.optional(),
    breakMinutes: BreakMinutesSchema.default(0),
  })
  .superRefine((day, ctx) => {
    if (!day.working) return;
    const add = (message: string, path: string): void =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (day.requiredMinutes < 1) add(scheduleMessages.requiredPositive, 'requiredMinutes');
    const t = (value: string | undefined): number | undefined =>
      value !== undefined && isWallTime(value) ? wallTimeToMinutes(value) : undefined;
    const coreStart = t(day.coreStart);
    const coreEnd = t(day.coreEnd);
    const earliest = t(day.earliestStart) ?? 0;
    const latest = t(day.latestEnd) ?? 1440;
    if ((day.coreStart === undefined) !== (day.coreEnd === undefined))
      add(scheduleMessages.coreBoth, day.coreStart === undefined ? 'coreStart' : 'coreEnd');
    if (coreStart !== undefined && coreEnd !== undefined && coreEnd <= coreStart)
      add(scheduleMessages.coreEndAfterStart, 'coreEnd');
    if (latest <= earliest) {
      add(scheduleMessages.latestEndAfterEarliest, 'latestEnd');
      return;
    }
    if (coreStart !== undefined && earliest > coreStart)
      add(scheduleMessages.earliestBeforeCore, 'earliestStart');
    if (coreEnd !== undefined && latest < coreEnd)
      add(scheduleMessages.latestAfterCore, 'latestEnd');
    if (day.requiredMinutes + day.breakMinutes > latest - earliest)
      add(scheduleMessages.windowTooShort, 'requiredMinutes');
  });
export type FlexDay = z.infer<typeof FlexDaySchema>;

export const FlexScheduleSchema = z.object({
  type: z.literal('FLEX'),
  /** Monday … Sunday. */
  days: z.array(FlexDaySchema).length(WEEK_DAYS, scheduleMessages.sevenDays),
  followsProductionCalendar: z.boolean().default(true),
});
export type FlexSchedule = z.infer<typeof FlexScheduleSchema>;

// ---------------------------------------------------------------- NIGHT

export const NightDaySchema = z
  .object({ working: z.boolean(), ...spanShape })
  .superRefine((day, ctx) => {
    if (day.working) report(ctx, spanIssues(day, 'next-day'));
  });
export type NightDay = z.infer<typeof NightDaySchema>;

export const NightScheduleSchema = z
  .object({
    type: z.literal('NIGHT'),
    /** Monday … Sunday; a shift belongs to the day it starts and ends the next morning. */
    days: z.array(NightDaySchema).length(WEEK_DAYS, scheduleMessages.sevenDays),
    followsProductionCalendar: z.boolean().default(true),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.days.length !== WEEK_DAYS) return;
    schedule.days.forEach((day, i) => {
      const next = schedule.days[(i + 1) % WEEK_DAYS];
      if (day.working && next?.working && runsIntoNext(day, next))
        report(ctx, [{ message: scheduleMessages.overlapsNextDay, path: ['days', i, 'end'] }]);
    });
  });
export type NightSchedule = z.infer<typeof NightScheduleSchema>;

// ---------------------------------------------------------------- DYNAMIC

export const CycleDaySchema = z
  .object({ working: z.boolean(), ...spanShape })
  .superRefine((day, ctx) => {
    if (day.working) report(ctx, spanIssues(day, 'any'));
  });
export type CycleDay = z.infer<typeof CycleDaySchema>;

export const MAX_CYCLE_DAYS = 62;

export const DynamicScheduleSchema = z
  .object({
    type: z.literal('DYNAMIC'),
    /** The date the cycle's first entry falls on; dates before it count backwards. */
    anchorDate: LocalDateSchema,
    /** One entry per day; an entry whose end is at or before its start ends the next day. */
    cycle: z
      .array(CycleDaySchema)
      .min(1, scheduleMessages.cycleLength)
      .max(MAX_CYCLE_DAYS, scheduleMessages.cycleLength),
    followsProductionCalendar: z.boolean().default(false),
  })
  .superRefine((schedule, ctx) => {
    const { cycle } = schedule;
    if (cycle.length === 0) return;
    if (!cycle.some((day) => day.working))
      report(ctx, [{ message: scheduleMessages.cycleHasWork, path: ['cycle'] }]);
    cycle.forEach((day, i) => {
      const next = cycle[(i + 1) % cycle.length];
      if (day.working && next?.working && runsIntoNext(day, next))
        report(ctx, [{ message: scheduleMessages.overlapsNextInCycle, path: ['cycle', i, 'end'] }]);
    });
  });
export type DynamicSchedule = z.infer<typeof DynamicScheduleSchema>;

// ---------------------------------------------------------------- any schedule

export const ScheduleDefinitionSchema = z.discriminatedUnion('type', [
  FixedScheduleSchema,
  FlexScheduleSchema,
  NightScheduleSchema,
  DynamicScheduleSchema,
]);
/** A parsed schedule (defaults applied): what the planner takes. */
export type ScheduleDefinition = z.infer<typeof ScheduleDefinitionSchema>;
/** What a form or a request may send (defaults not yet applied). */
export type ScheduleDefinitionInput = z.input<typeof ScheduleDefinitionSchema>;

// ---------------------------------------------------------------- roster

/** A shift a manager places on a date; an end at or before the start ends the next day. */
export const RosterShiftSchema = z
  .object(spanShape)
  .superRefine((shift, ctx) => report(ctx, spanIssues(shift, 'any')));
export type RosterShift = z.infer<typeof RosterShiftSchema>;

/** Adds an issue when two shifts of one date overlap (an end at or before the start is the next day). */
export function checkShiftsOverlap(
  shifts: readonly { start: string; end: string }[],
  ctx: z.core.$RefinementCtx,
  path: PropertyKey[] = ['shifts'],
): void {
  const spans = shifts
    .filter((s) => isWallTime(s.start) && isWallTime(s.end))
    .map((s) => {
      const start = wallTimeToMinutes(s.start);
      return { start, end: start + wallSpanMinutes(s.start, s.end) };
    })
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    const prev = spans[i - 1];
    const cur = spans[i];
    if (prev && cur && cur.start < prev.end) {
      report(ctx, [{ message: scheduleMessages.shiftsOverlap, path }]);
      return;
    }
  }
}

export const MAX_ROSTER_SHIFTS = 4;

/** The roster of one date: it replaces the schedule's shift; no shifts means a rest day. */
export const RosterOverrideSchema = z
  .object({
    date: LocalDateSchema,
    shifts: z.array(RosterShiftSchema).max(MAX_ROSTER_SHIFTS, 'Не больше 4 смен в день'),
  })
  .superRefine((override, ctx) => checkShiftsOverlap(override.shifts, ctx));
export type RosterOverride = z.infer<typeof RosterOverrideSchema>;

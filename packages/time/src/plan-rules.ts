/**
 * What a planned month breaks of the Labour Code (ТК РФ): pure checks over an employee's day
 * plans (the engine's `DayPlan`s, or the `AttendancePlan`s the planning service hands out — both
 * carry shifts as instants). Warnings only: nothing here refuses a plan. The rules and why they
 * are drawn where they are: docs/decisions/026-shift-plan-rules.md.
 *
 * - WEEKLY_REST (art. 110): in each calendar week, Monday 00:00 to the next Monday 00:00 local,
 *   the longest uninterrupted rest is at least 42 hours. A rest that begins in the week counts
 *   whole, across the week's end (Sunday evening to Tuesday morning); one already running at the
 *   week's start counts from Monday 00:00. Rest is measured between instants, so a night of a
 *   DST change is an hour shorter or longer.
 * - SHIFTS_IN_A_ROW (art. 103: no work two shifts in a row): the rest between one working date's
 *   work and the next is shorter than the earlier date's work lasted (first start to last end).
 *   Shifts of one date are one working day divided into parts (art. 105), not shifts in a row.
 * - LONG_SHIFT: a date plans more than 12 hours of work, the usual limit of shift work — the
 *   schedule form's rule (`schedule-law.ts`); art. 94 limits it further for some employees.
 * - OVER_MONTH_NORM (art. 91, 104): a whole month of the period plans more hours than the production calendar's
 *   norm, reduced by the norm of the working days the employee is away on an approved day-off.
 * - OVERTIME_TWO_DAYS, OVERTIME_YEAR (art. 99): planned overtime is work a date's plan holds
 *   beyond what the schedule itself plans for it (a roster over a working day of the schedule);
 *   more than 4 hours on two dates running (overlapping pairs make one violation over their
 *   run), or more than 120 hours in the calendar year.
 *   Work planned on the schedule's rest day is work on a day off (art. 153), not overtime.
 *
 * FLEX days (art. 102) have a window, not a time of work: they count for hours and norms, not
 * for rest or shifts in a row.
 */
import type { DayPlanKind } from './plan.ts';
import type { PlanViolation } from '@smena/contract';
import {
  type LocalDate,
  addDays,
  daysBetween,
  eachDate,
  toDayNumber,
  weekdayIndex,
} from './dates.ts';
import {
  type ProductionCalendar,
  dayKind,
  isWorkingDayKind,
  monthNorm,
} from './production-calendar.ts';
import { LONG_SHIFT_MINUTES } from './schedule-law.ts';
import { type AccountingPeriod, accountingPeriodOf, periodNormMinutes } from './summarized.ts';
import { wallTimeToMs } from './zone.ts';

export type { PlanViolation, PlanViolationCode } from '@smena/contract';

const MINUTE_MS = 60_000;

/** Art. 110: weekly uninterrupted rest of at least 42 hours. */
export const WEEKLY_REST_MINUTES = 42 * 60;
/** Art. 99: at most 4 hours of overtime on two days running. */
export const OVERTIME_TWO_DAYS_MINUTES = 4 * 60;
/** Art. 99: at most 120 hours of overtime a year. */
export const OVERTIME_YEAR_MINUTES = 120 * 60;
/**
 * The longest work of a date under summarized accounting (art. 104): a day's shift of up to 24
 * hours is what such schedules are for (guards, duty shifts «сутки через трое»); the rest rules
 * (art. 103, 110) still apply. Decision 030.
 */
export const SUMMARIZED_SHIFT_MINUTES = 24 * 60;

/** The part of a planned date the rules read (the engine's `DayPlan` and `AttendancePlan` fit). */
export interface RulePlan {
  date: LocalDate;
  kind: DayPlanKind;
  /** The shifts of a WORK date (absent or empty otherwise). */
  shifts?: readonly { startMs: number; endMs: number; plannedMinutes: number }[];
  /** Present on a FLEX day. */
  flex?: unknown;
}

export interface PlanRulesInput {
  /** IANA zone of the plan: weeks begin at local midnight on Monday. */
  timezone: string;
  /** The month (or any range) whose violations are wanted. */
  period: { from: LocalDate; to: LocalDate };
  /** The plan of each date of `planRulesCoverage(period)`, in order. */
  plans: readonly RulePlan[];
  /**
   * What the schedule alone plans on the same dates (no roster): overtime is work beyond it.
   * Without it overtime is not checked.
   */
  schedulePlans?: readonly RulePlan[];
  /** For the month's norm; without it every week is Monday–Friday. */
  calendar?: ProductionCalendar;
  /** The week the norm is counted for; 40 by default (art. 91). */
  weeklyHours?: number;
  /**
   * The longest work of a date; 12 hours by default, `SUMMARIZED_SHIFT_MINUTES` under
   * summarized accounting.
   */
  maxShiftMinutes?: number;
  /**
   * Summarized accounting (art. 104): the norm is the accounting period's, and `plans` must
   * cover the whole period (`planRulesCoverage(period, accountingPeriod)`).
   */
  accountingPeriod?: AccountingPeriod | null | undefined;
}

/**
 * The dates the plans must cover for the rules of `period` to see everything: from 1 January (a
 * year's overtime) or three days before the first week's Monday, whichever is earlier (a rest
 * that reaches into the week), to two days after the last week's Sunday.
 */
export function planRulesCoverage(
  period: { from: LocalDate; to: LocalDate },
  accountingPeriod?: AccountingPeriod | null,
): {
  from: LocalDate;
  to: LocalDate;
} {
  const firstMonday = addDays(period.from, -weekdayIndex(period.from));
  const lastSunday = addDays(period.to, 6 - weekdayIndex(period.to));
  const beforeWeek = addDays(firstMonday, -3);
  const yearStart = `${period.to.slice(0, 4)}-01-01`;
  let to = addDays(lastSunday, 2);
  // Summarized accounting: the whole accounting period of the range's end is planned.
  if (accountingPeriod) {
    const end = accountingPeriodOf(period.to, accountingPeriod).to;
    if (end > to) to = end;
  }
  return { from: yearStart < beforeWeek ? yearStart : beforeWeek, to };
}

/** «45 ч», «41 ч 59 мин», «30 мин». */
export function durationText(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

const minutesOf = (ms: number) => Math.round(ms / MINUTE_MS);

function plannedMinutes(plan: RulePlan): number {
  if (plan.kind !== 'WORK' || !plan.shifts) return 0;
  return plan.shifts.reduce((sum, shift) => sum + shift.plannedMinutes, 0);
}

/** A date's work as one span, first start to last end; none on a FLEX or non-working date. */
function workSpan(plan: RulePlan): { startMs: number; endMs: number } | null {
  if (plan.kind !== 'WORK' || plan.flex !== undefined || !plan.shifts?.length) return null;
  let startMs = Infinity;
  let endMs = -Infinity;
  for (const shift of plan.shifts) {
    startMs = Math.min(startMs, shift.startMs);
    endMs = Math.max(endMs, shift.endMs);
  }
  return { startMs, endMs };
}

const inPeriod = (date: LocalDate, period: { from: LocalDate; to: LocalDate }) =>
  period.from <= date && date <= period.to;

function weeklyRest(input: PlanRulesInput, out: PlanViolation[]) {
  const { plans, period, timezone } = input;
  const first = plans[0];
  const last = plans[plans.length - 1];
  if (!first || !last) return;
  // Work as merged intervals: shifts of one date and an overnight shift's morning touch.
  const work: { startMs: number; endMs: number }[] = [];
  for (const plan of plans) {
    if (plan.kind !== 'WORK' || plan.flex !== undefined) continue;
    for (const shift of plan.shifts ?? [])
      work.push({ startMs: shift.startMs, endMs: shift.endMs });
  }
  work.sort((a, b) => a.startMs - b.startMs);
  const merged: { startMs: number; endMs: number }[] = [];
  for (const interval of work) {
    const top = merged[merged.length - 1];
    if (top && interval.startMs <= top.endMs) top.endMs = Math.max(top.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  if (merged.length === 0) return;
  // Before the first and after the last known work the rest runs at least to the plans' edges.
  const rests: { startMs: number; endMs: number }[] = [];
  let restStart = wallTimeToMs(first.date, '00:00', timezone);
  for (const interval of merged) {
    if (interval.startMs > restStart) rests.push({ startMs: restStart, endMs: interval.startMs });
    restStart = interval.endMs;
  }
  const coverageEnd = wallTimeToMs(addDays(last.date, 1), '00:00', timezone);
  if (coverageEnd > restStart) rests.push({ startMs: restStart, endMs: coverageEnd });

  for (
    let monday = addDays(period.from, -weekdayIndex(period.from));
    monday <= period.to;
    monday = addDays(monday, 7)
  ) {
    const weekStart = wallTimeToMs(monday, '00:00', timezone);
    const weekEnd = wallTimeToMs(addDays(monday, 7), '00:00', timezone);
    if (!merged.some((w) => w.startMs < weekEnd && w.endMs > weekStart)) continue;
    // A rest that begins in the week counts whole, also past its end; one already running on
    // Monday 00:00 counts only from then: the weekend before does not serve this week.
    let longest = 0;
    for (const rest of rests)
      if (rest.startMs < weekEnd && rest.endMs > weekStart)
        longest = Math.max(longest, rest.endMs - Math.max(rest.startMs, weekStart));
    if (longest >= WEEKLY_REST_MINUTES * MINUTE_MS) continue;
    out.push({
      code: 'WEEKLY_REST',
      article: '110',
      from: monday,
      to: addDays(monday, 6),
      message:
        `Самый долгий непрерывный отдых за неделю — ${durationText(minutesOf(longest))}, ` +
        'а по статье 110 ТК РФ он должен быть не меньше 42 ч.',
    });
  }
}

function shiftsInARow(input: PlanRulesInput, out: PlanViolation[]) {
  let previous: { date: LocalDate; startMs: number; endMs: number } | null = null;
  for (const plan of input.plans) {
    const span = workSpan(plan);
    if (!span) continue;
    if (previous) {
      const restMs = span.startMs - previous.endMs;
      const lengthMs = previous.endMs - previous.startMs;
      if (
        restMs < lengthMs &&
        (inPeriod(plan.date, input.period) || inPeriod(previous.date, input.period))
      )
        out.push({
          code: 'SHIFTS_IN_A_ROW',
          article: '103',
          from: previous.date,
          to: plan.date,
          message:
            restMs <= 0
              ? `Смена ${plan.date} начинается сразу после смены ${previous.date}: ` +
                'статья 103 ТК РФ запрещает работу две смены подряд.'
              : `Между сменами ${previous.date} и ${plan.date} только ` +
                `${durationText(minutesOf(restMs))} отдыха — меньше самой смены ` +
                `(${durationText(minutesOf(lengthMs))}); статья 103 ТК РФ запрещает работу ` +
                'две смены подряд.',
        });
    }
    previous = { date: plan.date, ...span };
  }
}

function longShifts(input: PlanRulesInput, out: PlanViolation[]) {
  const limit =
    input.maxShiftMinutes ??
    (input.accountingPeriod ? SUMMARIZED_SHIFT_MINUTES : LONG_SHIFT_MINUTES);
  for (const plan of input.plans) {
    if (!inPeriod(plan.date, input.period)) continue;
    const minutes = plannedMinutes(plan);
    if (minutes <= limit) continue;
    out.push({
      code: 'LONG_SHIFT',
      article: '94',
      from: plan.date,
      to: plan.date,
      message: input.accountingPeriod
        ? `Смена — ${durationText(minutes)} работы: дольше ${durationText(limit)}, предела ` +
          'смены при суммированном учёте (статьи 94, 104 ТК РФ).'
        : `Смена — ${durationText(minutes)} работы: дольше ${durationText(limit)}, обычного ` +
          'предела для сменной работы; для несовершеннолетних, инвалидов и занятых на вредных ' +
          'работах смену ограничивает статья 94 ТК РФ.',
    });
  }
}

/**
 * The norm of a month in minutes for one employee: the production calendar's norm (order
 * № 588н) less the norm of each working day of the calendar the employee is away on a day-off.
 */
export function personalMonthNormMinutes(
  calendar: ProductionCalendar | undefined,
  month: string,
  plans: readonly RulePlan[],
  weeklyHours = 40,
): number {
  const year = Number(month.slice(0, 4));
  const norm = monthNorm(calendar, year, Number(month.slice(5, 7)), weeklyHours);
  let minutes = Math.round(norm.hours * 60);
  const dayMinutes = (weeklyHours / 5) * 60;
  for (const plan of plans) {
    if (plan.kind !== 'DAY_OFF' || !plan.date.startsWith(month)) continue;
    const kind = dayKind(calendar, plan.date);
    if (!isWorkingDayKind(kind)) continue;
    minutes -= kind === 'SHORTENED' ? dayMinutes - 60 : dayMinutes;
  }
  return Math.max(0, Math.round(minutes));
}

/**
 * Summarized accounting: the planned hours of each accounting period that touches `period`,
 * against the period's norm less the employee's absences (art. 104).
 */
function overPeriodNorm(
  input: PlanRulesInput,
  accountingPeriod: AccountingPeriod,
  out: PlanViolation[],
) {
  const seen = new Set<LocalDate>();
  for (const date of [input.period.from, input.period.to]) {
    const range = accountingPeriodOf(date, accountingPeriod);
    if (seen.has(range.from)) continue;
    seen.add(range.from);
    const ofPeriod = input.plans.filter((p) => range.from <= p.date && p.date <= range.to);
    if (ofPeriod.every((plan) => plan.kind === 'NO_SCHEDULE')) continue;
    const planned = ofPeriod.reduce((sum, plan) => sum + plannedMinutes(plan), 0);
    const norm = periodNormMinutes({
      calendar: input.calendar,
      from: range.from,
      to: range.to,
      plans: ofPeriod,
      weeklyHours: input.weeklyHours,
    });
    if (planned <= norm) continue;
    out.push({
      code: 'OVER_MONTH_NORM',
      article: '104',
      from: range.from,
      to: range.to,
      message:
        `За учётный период ${range.from} — ${range.to} запланировано ${durationText(planned)} — ` +
        `больше его нормы (${durationText(norm)} по производственному календарю с учётом ` +
        `отсутствий) на ${durationText(planned - norm)}: при суммированном учёте сверх нормы ` +
        'периода — сверхурочная работа (статьи 99, 104 ТК РФ).',
    });
  }
}

function overMonthNorm(input: PlanRulesInput, out: PlanViolation[]) {
  if (input.accountingPeriod) return overPeriodNorm(input, input.accountingPeriod, out);
  // Whole months of the period only: a norm is a month's.
  const months = new Set(eachDate(input.period.from, input.period.to).map((d) => d.slice(0, 7)));
  for (const month of months) {
    const first = `${month}-01`;
    const last = addDays(addDays(first, 31).slice(0, 8) + '01', -1);
    if (first < input.period.from || last > input.period.to) continue;
    const ofMonth = input.plans.filter((plan) => plan.date.startsWith(month));
    if (ofMonth.every((plan) => plan.kind === 'NO_SCHEDULE')) continue;
    const planned = ofMonth.reduce((sum, plan) => sum + plannedMinutes(plan), 0);
    const norm = personalMonthNormMinutes(input.calendar, month, ofMonth, input.weeklyHours);
    if (planned <= norm) continue;
    out.push({
      code: 'OVER_MONTH_NORM',
      article: '91',
      from: first,
      to: last,
      message:
        `Запланировано ${durationText(planned)} — больше нормы месяца ` +
        `(${durationText(norm)} по производственному календарю с учётом отсутствий) ` +
        `на ${durationText(planned - norm)}: ` +
        'сверх нормы — сверхурочная работа (статьи 91, 99 ТК РФ; при суммированном учёте ' +
        'норма считается за учётный период, статья 104).',
    });
  }
}

function overtime(input: PlanRulesInput, out: PlanViolation[]) {
  const { schedulePlans, plans, period } = input;
  if (!schedulePlans) return;
  const scheduleOf = new Map(schedulePlans.map((plan) => [plan.date, plan]));
  const overtimeOf = new Map<LocalDate, number>();
  for (const plan of plans) {
    const own = scheduleOf.get(plan.date);
    if (!own || own.kind !== 'WORK') continue;
    const extra = plannedMinutes(plan) - plannedMinutes(own);
    if (extra > 0) overtimeOf.set(plan.date, extra);
  }
  // Pairs of dates over the limit that overlap (Monday–Tuesday, Tuesday–Wednesday …) make one
  // violation over the run, with its largest pair.
  let run: { from: LocalDate; to: LocalDate; largest: number } | null = null;
  const flush = () => {
    if (!run) return;
    const { from, to, largest } = run;
    out.push({
      code: 'OVERTIME_TWO_DAYS',
      article: '99',
      from,
      to,
      message:
        (daysBetween(from, to) === 1
          ? `За два дня подряд запланировано ${durationText(largest)} сверх графика`
          : `С ${from} по ${to} каждые два дня подряд — больше 4 ч сверх графика ` +
            `(до ${durationText(largest)})`) +
        ', а статья 99 ТК РФ допускает не больше 4 ч сверхурочной работы за два дня подряд.',
    });
    run = null;
  };
  for (const date of eachDate(addDays(period.from, -1), period.to)) {
    const next = addDays(date, 1);
    const sum = (overtimeOf.get(date) ?? 0) + (overtimeOf.get(next) ?? 0);
    if (sum <= OVERTIME_TWO_DAYS_MINUTES || !(inPeriod(date, period) || inPeriod(next, period))) {
      flush();
      continue;
    }
    if (run) run = { from: run.from, to: next, largest: Math.max(run.largest, sum) };
    else run = { from: date, to: next, largest: sum };
  }
  flush();
  const year = period.to.slice(0, 4);
  let yearTotal = 0;
  let inPeriodTotal = 0;
  for (const [date, minutes] of overtimeOf) {
    if (date.slice(0, 4) !== year || date > period.to) continue;
    yearTotal += minutes;
    if (inPeriod(date, period)) inPeriodTotal += minutes;
  }
  if (yearTotal > OVERTIME_YEAR_MINUTES && inPeriodTotal > 0)
    out.push({
      code: 'OVERTIME_YEAR',
      article: '99',
      from: `${year}-01-01`,
      to: period.to,
      message:
        `С начала года запланировано ${durationText(yearTotal)} сверх графика, ` +
        'а статья 99 ТК РФ допускает не больше 120 ч сверхурочной работы в год.',
    });
}

/** The violations of an employee's plan over `period`, by date of what they concern. */
export function planRuleViolations(input: PlanRulesInput): PlanViolation[] {
  toDayNumber(input.period.from);
  toDayNumber(input.period.to);
  const out: PlanViolation[] = [];
  weeklyRest(input, out);
  shiftsInARow(input, out);
  longShifts(input, out);
  overMonthNorm(input, out);
  overtime(input, out);
  const order: Record<PlanViolation['code'], number> = {
    WEEKLY_REST: 0,
    SHIFTS_IN_A_ROW: 1,
    LONG_SHIFT: 2,
    OVERTIME_TWO_DAYS: 3,
    OVERTIME_YEAR: 4,
    OVER_MONTH_NORM: 5,
  };
  return out.sort(
    (a, b) =>
      a.from.localeCompare(b.from) || order[a.code] - order[b.code] || a.to.localeCompare(b.to),
  );
}

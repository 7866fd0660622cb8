/**
 * The check-in and check-out times of one demo employee, derived from the plan of each date (the
 * engine's plans, as the server computes them): mostly on time with a little jitter, some late
 * arrivals, early leaves, overtime, missed days, forgotten check-outs and lunch check-outs. Pure:
 * the caller passes the plans, the clock and the dice.
 *
 * Guarantees the checks table relies on: the checks of an employee never overlap, none starts or
 * ends after `nowMs`, and only the very last one may be open (a shift in progress now).
 */
import { type AttendancePlan, type LocalDate, wallTimeToMs } from '@smena/time';
import type { Dice } from './demo-random.ts';

const MINUTE_MS = 60_000;

/** Shares of planned working days (roughly: a day can be both late and leave early). */
export const DEMO_RATES = {
  missed: 0.02,
  late: 0.08,
  earlyLeave: 0.04,
  overtime: 0.08,
  forgottenCheckOut: 0.008,
  /** Of rest days of employees who sometimes work on them (РВ in the timesheet). */
  restDayWork: 0.05,
} as const;

export type DemoCheckTimes = {
  /** The planned date the check belongs to. */
  date: LocalDate;
  inMs: number;
  /** Null: still in (a shift in progress now). */
  outMs: number | null;
  /** A forgotten check-out the server closed at the shift's end. */
  autoClosed: boolean;
  late: boolean;
};

export type DemoEmployeeChecks = {
  checks: DemoCheckTimes[];
  /** Planned working days (over by now) left without a check on purpose. */
  missedDates: LocalDate[];
  lateDates: LocalDate[];
};

export type DemoChecksInput = {
  /** Plans of consecutive dates, in order. */
  days: readonly AttendancePlan[];
  timezone: string;
  nowMs: number;
  lateToleranceMinutes: number;
  autoCloseMarginMinutes: number;
  /** Employment: no checks before the hire date or after the dismissal. */
  firstDate: LocalDate;
  lastDate: LocalDate;
  /** FLEX days: minutes after the window opens that this person usually arrives. */
  flexArrivalMinutes: number;
  /** Comes in on some rest days (a few hours from about 10:00). */
  worksOnRestDays: boolean;
  /** Share of long shifts with a lunch check-out (two checks that day). */
  lunchShare: number;
  dice: Dice;
};

const seconds = (dice: Dice) => dice.int(0, 59) * 1000;

export function generateEmployeeChecks(input: DemoChecksInput): DemoEmployeeChecks {
  const { dice, nowMs } = input;
  const toleranceMs = input.lateToleranceMinutes * MINUTE_MS;
  const result: DemoEmployeeChecks = { checks: [], missedDates: [], lateDates: [] };
  let lastOutMs = -Infinity;
  let stopped = false;

  /** Adds a check unless it would overlap the previous one or lie in the future. */
  const add = (
    date: LocalDate,
    inMs: number,
    outMs: number,
    flags: { autoClosed?: boolean; late?: boolean; autoCloseDueMs?: number } = {},
  ): boolean => {
    if (stopped) return false;
    const start = Math.max(inMs, lastOutMs + MINUTE_MS);
    if (start > nowMs || outMs - start < 15 * MINUTE_MS) return false;
    // Past its end (or, for a forgotten one, past the auto-close job's turn) the check is closed;
    // before that it is still open, and nothing can come after it.
    const closeAtMs = flags.autoCloseDueMs ?? outMs;
    const open = closeAtMs > nowMs;
    result.checks.push({
      date,
      inMs: start,
      outMs: open ? null : outMs,
      autoClosed: !open && (flags.autoClosed ?? false),
      late: flags.late ?? false,
    });
    if (open) stopped = true;
    lastOutMs = outMs;
    return true;
  };

  for (const day of input.days) {
    if (stopped) break;
    if (day.date < input.firstDate || day.date > input.lastDate) continue;

    if (day.kind === 'REST') {
      if (input.worksOnRestDays && dice.chance(DEMO_RATES.restDayWork)) {
        const inMs = wallTimeToMs(day.date, '10:00', input.timezone) + dice.jitter(40) * MINUTE_MS;
        add(day.date, inMs + seconds(dice), inMs + dice.int(180, 360) * MINUTE_MS);
      }
      continue;
    }
    const first = day.shifts[0];
    const last = day.shifts[day.shifts.length - 1];
    if (day.kind !== 'WORK' || !first || !last) continue;

    // The span lateness and early leave are measured against: the shifts, or a FLEX day's core.
    const flex = day.flex;
    const spanStart = flex ? (flex.core ?? flex.window).startMs : first.startMs;
    const spanEnd = flex ? (flex.core ?? flex.window).endMs : last.endMs;
    if (dice.chance(DEMO_RATES.missed)) {
      if (last.endMs <= nowMs) result.missedDates.push(day.date);
      continue;
    }

    const late = dice.chance(DEMO_RATES.late);
    let inMs: number;
    if (late)
      inMs = spanStart + toleranceMs + dice.int(1, 40 - input.lateToleranceMinutes) * MINUTE_MS;
    else if (flex)
      inMs = Math.min(
        flex.window.startMs + (input.flexArrivalMinutes + dice.jitter(25)) * MINUTE_MS,
        spanStart + toleranceMs - MINUTE_MS,
      );
    // On time: up to 20 minutes early, a few minutes late at most (within the tolerance).
    else inMs = first.startMs - dice.int(-3, 20) * MINUTE_MS;
    inMs += seconds(dice);

    let outMs: number;
    let autoClosed = false;
    const endRoll = dice.random();
    if (flex) {
      const workMinutes = flex.requiredMinutes + first.breakMinutes;
      outMs = inMs + (workMinutes + dice.int(-5, 20)) * MINUTE_MS;
      if (endRoll < DEMO_RATES.earlyLeave)
        outMs = spanEnd - toleranceMs - dice.int(10, 90) * MINUTE_MS;
      else if (endRoll < DEMO_RATES.earlyLeave + DEMO_RATES.overtime)
        outMs += dice.int(30, 120) * MINUTE_MS;
      outMs = Math.min(outMs, flex.window.endMs);
    } else if (endRoll < DEMO_RATES.earlyLeave) {
      outMs = last.endMs - toleranceMs - dice.int(10, 90) * MINUTE_MS;
    } else if (endRoll < DEMO_RATES.earlyLeave + DEMO_RATES.forgottenCheckOut) {
      outMs = last.endMs;
      autoClosed = true;
    } else if (
      endRoll <
      DEMO_RATES.earlyLeave + DEMO_RATES.forgottenCheckOut + DEMO_RATES.overtime
    ) {
      outMs = last.endMs + dice.int(30, 150) * MINUTE_MS;
    } else {
      outMs = last.endMs + dice.int(-2, 15) * MINUTE_MS;
    }
    if (!autoClosed) outMs += seconds(dice);

    const before = result.checks.length;
    const shiftHours = (last.endMs - first.startMs) / 3_600_000;
    const lunch =
      !autoClosed && first.breakMinutes >= 30 && shiftHours >= 8 && dice.chance(input.lunchShare);
    if (lunch) {
      const lunchOut = first.startMs + (240 + dice.int(-30, 60)) * MINUTE_MS + seconds(dice);
      const lunchIn = lunchOut + (first.breakMinutes + dice.int(-10, 10)) * MINUTE_MS;
      if (lunchOut > inMs + 60 * MINUTE_MS && lunchIn < outMs - 60 * MINUTE_MS) {
        add(day.date, inMs, lunchOut, { late });
        add(day.date, lunchIn + seconds(dice), outMs);
      } else add(day.date, inMs, outMs, { late });
    } else {
      add(day.date, inMs, outMs, {
        late,
        autoClosed,
        ...(autoClosed ? { autoCloseDueMs: outMs + input.autoCloseMarginMinutes * MINUTE_MS } : {}),
      });
    }
    if (late && result.checks.length > before) result.lateDates.push(day.date);
  }
  return result;
}

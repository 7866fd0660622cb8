/**
 * When a forgotten open check is closed, and at what time. Pure.
 *
 * - A check belongs to the first planned shift with start − 3 h ≤ check-in < end (an early
 *   arrival counts for the shift it came for).
 * - With a shift: it is closed at the shift's end, once the shift ended more than the margin ago.
 * - Without one: it is closed 16 hours after the check-in.
 * - A new check-in does not wait for the margin: an open check whose shift is over (or, without
 *   a shift, one from an earlier day) is closed first, at the shift's end (or at most 16 hours
 *   after its check-in).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const AUTO_CLOSE_MARGIN_MS = 60 * MINUTE_MS;
export const NO_SHIFT_CLOSE_AFTER_MS = 16 * HOUR_MS;
const EARLY_ARRIVAL_MS = 3 * HOUR_MS;

export type ShiftSpan = { startMs: number; endMs: number };

export function shiftOfCheck(
  checkInMs: number,
  shifts: readonly ShiftSpan[],
): ShiftSpan | undefined {
  let found: ShiftSpan | undefined;
  for (const shift of shifts) {
    if (shift.startMs - EARLY_ARRIVAL_MS <= checkInMs && checkInMs < shift.endMs) {
      if (!found || shift.startMs < found.startMs) found = shift;
    }
  }
  return found;
}

/** The check-out the job writes, and from when it may write it. */
export function autoClosePlan(
  checkInMs: number,
  shift: ShiftSpan | undefined,
  marginMs = AUTO_CLOSE_MARGIN_MS,
): { checkOutMs: number; dueMs: number } {
  if (shift) return { checkOutMs: shift.endMs, dueMs: shift.endMs + marginMs };
  const checkOutMs = checkInMs + NO_SHIFT_CLOSE_AFTER_MS;
  return { checkOutMs, dueMs: checkOutMs };
}

/**
 * Before a new check-in: the time to close a still open check at, or null when it is current
 * (a double check-in). `isEarlierDay`: the check-in was on an earlier local date than now.
 */
export function staleCheckOut(
  checkInMs: number,
  shift: ShiftSpan | undefined,
  nowMs: number,
  isEarlierDay: boolean,
): number | null {
  if (shift) return nowMs >= shift.endMs ? shift.endMs : null;
  if (nowMs >= checkInMs + NO_SHIFT_CLOSE_AFTER_MS) return checkInMs + NO_SHIFT_CLOSE_AFTER_MS;
  return isEarlierDay ? nowMs : null;
}

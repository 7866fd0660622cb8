/**
 * Terminal punches ("this person passed") turned into checks. Pure.
 *
 * The rule: an employee's punches, in time order, pair up — the first opens a check, the next
 * closes it, the one after opens the next … A punch less than a minute after the previous kept
 * one is a repeated read and ignored. A punch more than 16 hours after the one that opened a
 * check does not close it: the open check is closed automatically 16 hours after its start
 * (flagged) and the punch opens a new check.
 *
 * The checks depend on the set of punches only, never on the order they arrived in: a late
 * event from an offline device (an earlier punch, or one between existing checks) re-pairs the
 * punches from the check before it on, so the result is always a row of disjoint checks.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Two reads of one card within this time are one event. */
export const PUNCH_DEBOUNCE_MS = MINUTE_MS;
/** A check opened by a punch is closed by the next punch only within this time. */
export const PUNCH_MAX_OPEN_MS = 16 * HOUR_MS;

export type Punch = { atMs: number; branchId: number };

export type PairedCheck = {
  inMs: number;
  /** Null: still open. */
  outMs: number | null;
  branchId: number;
  /** Closed by the 16-hour rule, not by a punch. */
  autoClosed: boolean;
};

/** The checks that punches (all of one employee, from an opening punch on) amount to. */
export function pairPunches(punches: readonly Punch[]): PairedCheck[] {
  const sorted = [...punches].sort((a, b) => a.atMs - b.atMs || a.branchId - b.branchId);
  const checks: PairedCheck[] = [];
  let open: Punch | null = null;
  let lastKeptMs = -Infinity;
  for (const punch of sorted) {
    if (punch.atMs - lastKeptMs < PUNCH_DEBOUNCE_MS) continue;
    lastKeptMs = punch.atMs;
    if (open === null) {
      open = punch;
    } else if (punch.atMs - open.atMs > PUNCH_MAX_OPEN_MS) {
      checks.push({
        inMs: open.atMs,
        outMs: open.atMs + PUNCH_MAX_OPEN_MS,
        branchId: open.branchId,
        autoClosed: true,
      });
      open = punch;
    } else {
      checks.push({
        inMs: open.atMs,
        outMs: punch.atMs,
        branchId: open.branchId,
        autoClosed: false,
      });
      open = null;
    }
  }
  if (open)
    checks.push({ inMs: open.atMs, outMs: null, branchId: open.branchId, autoClosed: false });
  return checks;
}

/** What a punch at `atMs` became among the paired checks. */
export function punchOutcome(
  checks: readonly PairedCheck[],
  atMs: number,
): { result: 'IN' | 'OUT' | 'DUPLICATE'; check: PairedCheck | null } {
  for (const check of checks) {
    if (check.inMs === atMs) return { result: 'IN', check };
    if (check.outMs === atMs && !check.autoClosed) return { result: 'OUT', check };
  }
  return { result: 'DUPLICATE', check: null };
}

export type ExistingTerminalCheck = {
  id: number;
  inMs: number;
  outMs: number | null;
  autoClosed: boolean;
};

export type PunchChanges = {
  /** Stored checks no pairing produces any more (soft-deleted, kept in the history). */
  remove: number[];
  update: { id: number; outMs: number | null; autoClosed: boolean }[];
  insert: PairedCheck[];
};

/**
 * The writes that turn the stored terminal checks into the paired ones, matched by check-in.
 * A stored check closed by the server (auto-close at the shift's end, or by a manager) stays
 * closed when the pairing would leave it open or auto-close it: that close is better informed.
 */
export function punchChanges(
  existing: readonly ExistingTerminalCheck[],
  paired: readonly PairedCheck[],
): PunchChanges {
  const byIn = new Map(existing.map((check) => [check.inMs, check]));
  const changes: PunchChanges = { remove: [], update: [], insert: [] };
  const matched = new Set<number>();
  for (const check of paired) {
    const stored = byIn.get(check.inMs);
    if (!stored) {
      changes.insert.push(check);
      continue;
    }
    matched.add(stored.id);
    const keepStoredClose = stored.outMs !== null && (check.outMs === null || check.autoClosed);
    if (keepStoredClose) continue;
    if (stored.outMs !== check.outMs || stored.autoClosed !== check.autoClosed) {
      changes.update.push({ id: stored.id, outMs: check.outMs, autoClosed: check.autoClosed });
    }
  }
  for (const stored of existing) if (!matched.has(stored.id)) changes.remove.push(stored.id);
  return changes;
}

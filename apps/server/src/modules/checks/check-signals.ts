/**
 * Anti-fraud signals of a punch (decision 033). Pure: the caller loads the facts (one query per
 * punch) and stores what comes back on the check.
 */
import type { CheckSignal } from '@smena/contract';
import { type Position, haversineMetres } from './geo.ts';

/**
 * Faster than this between two punches is not a commute: 150 km/h is above any city or suburban
 * trip door to door (a car on a motorway averages less over a real journey), yet far below a
 * plane, which is what a jump between two cities in an hour would take.
 */
export const MAX_PLAUSIBLE_SPEED_KMH = 150;
/** Two positions closer than this are one place give or take a phone's error: never "a speed". */
export const MIN_SPEED_DISTANCE_M = 1_000;
/** This many wrong PINs of the personnel number just before the punch make it suspicious. */
export const FAILED_PINS_THRESHOLD = 3;
/** …counted over the PIN limit's window (the kiosk's 15 minutes). */
export const FAILED_PINS_WINDOW_MS = 15 * 60_000;

export type PunchPoint = { atMs: number; position: Position };

export type PunchFacts = {
  source: 'WEB' | 'KIOSK_QR' | 'KIOSK_PIN';
  atMs: number;
  /** Where the punch was made: the phone's position, or the kiosk's branch. */
  position: Position | null;
  /** The phone's reported accuracy in metres (self punches only). */
  accuracy: number | null;
  /** The branch's geofence radius, in metres. */
  branchRadius: number | null;
  /** The employee's previous punch with a known position, if any. */
  previous: PunchPoint | null;
  /**
   * The device against the employee's earlier checks: null when not judged (a check-out, whose
   * device is not recorded); `firstPunch` when the employee has no check at all yet.
   */
  device: { firstPunch: boolean; seenBefore: boolean } | null;
  /** The punch is at another branch than the one the employee was at (kiosk punches). */
  otherBranch: boolean;
  /** Wrong PINs of the personnel number in the window before this PIN punch. */
  failedPins: number;
};

/** km/h between two points; Infinity when no time passed between them. */
export function speedKmh(from: PunchPoint, to: PunchPoint): number {
  const metres = haversineMetres(from.position, to.position);
  const hours = Math.abs(to.atMs - from.atMs) / 3_600_000;
  if (hours === 0) return metres === 0 ? 0 : Infinity;
  return metres / 1000 / hours;
}

/** The signals of one punch, in the contract's order. */
export function punchSignals(facts: PunchFacts): CheckSignal[] {
  const signals = new Set<CheckSignal>();
  if (facts.source === 'KIOSK_QR') signals.add('QR_VERIFIED');
  if (facts.source === 'WEB' && facts.accuracy !== null) {
    // A real receiver never reports a perfect fix; mock-location apps commonly do.
    if (facts.accuracy === 0) signals.add('GPS_ACCURACY_ZERO');
    else if (facts.branchRadius !== null && facts.accuracy > facts.branchRadius) {
      signals.add('GPS_LOW_ACCURACY');
    }
  }
  if (facts.position && facts.previous) {
    const here = { atMs: facts.atMs, position: facts.position };
    if (
      haversineMetres(facts.previous.position, facts.position) >= MIN_SPEED_DISTANCE_M &&
      speedKmh(facts.previous, here) > MAX_PLAUSIBLE_SPEED_KMH
    ) {
      signals.add('IMPOSSIBLE_SPEED');
    }
  }
  if (facts.device && !facts.device.firstPunch && !facts.device.seenBefore) {
    signals.add('NEW_DEVICE');
  }
  if (facts.otherBranch && facts.source !== 'WEB') signals.add('OTHER_BRANCH');
  if (facts.source === 'KIOSK_PIN' && facts.failedPins >= FAILED_PINS_THRESHOLD) {
    signals.add('FAILED_PINS');
  }
  return ORDER.filter((signal) => signals.has(signal));
}

const ORDER: CheckSignal[] = [
  'QR_VERIFIED',
  'GPS_ACCURACY_ZERO',
  'GPS_LOW_ACCURACY',
  'IMPOSSIBLE_SPEED',
  'NEW_DEVICE',
  'OTHER_BRANCH',
  'FAILED_PINS',
];

/** The latest check of the employee as the signal facts need it. */
export type PreviousCheck = {
  source: string;
  checkInMs: number;
  checkOutMs: number | null;
  autoClosed: boolean;
  in: Position | null;
  out: Position | null;
  branch: Position;
};

/**
 * The latest punch with a known position of a check: its check-out's (a real one, not the
 * server's auto-close) else its check-in's; a kiosk check-in stands at its branch (a kiosk's
 * check-out may be at another kiosk, so it has no known position).
 */
export function lastPunchOf(check: PreviousCheck | undefined): PunchPoint | null {
  if (!check) return null;
  if (check.checkOutMs !== null && !check.autoClosed && check.out) {
    return { atMs: check.checkOutMs, position: check.out };
  }
  const inPosition = check.in ?? (check.source.startsWith('KIOSK_') ? check.branch : null);
  return inPosition ? { atMs: check.checkInMs, position: inPosition } : null;
}

import { describe, expect, it } from 'vitest';
import { type PunchFacts, lastPunchOf, punchSignals, speedKmh } from './check-signals.ts';

const MOSCOW = { latitude: 55.7558, longitude: 37.6173 };
/** Saint Petersburg, ≈634 km from MOSCOW along the great circle. */
const PETERSBURG = { latitude: 59.9343, longitude: 30.3351 };
const HOUR = 3_600_000;

const base: PunchFacts = {
  source: 'WEB',
  atMs: 10 * HOUR,
  position: MOSCOW,
  accuracy: 12,
  branchRadius: 100,
  previous: null,
  device: { firstPunch: false, seenBefore: true },
  otherBranch: false,
  failedPins: 0,
};

describe('speedKmh', () => {
  it('divides the great-circle distance by the time between the punches', () => {
    const speed = speedKmh({ atMs: 0, position: MOSCOW }, { atMs: 2 * HOUR, position: PETERSBURG });
    // ≈634 km in 2 hours.
    expect(speed).toBeGreaterThan(310);
    expect(speed).toBeLessThan(325);
  });
  it('is infinite for two places at one instant and 0 for one place', () => {
    expect(speedKmh({ atMs: 0, position: MOSCOW }, { atMs: 0, position: PETERSBURG })).toBe(
      Infinity,
    );
    expect(speedKmh({ atMs: 0, position: MOSCOW }, { atMs: 0, position: MOSCOW })).toBe(0);
  });
});

describe('punchSignals', () => {
  it('finds nothing in an ordinary phone punch', () => {
    expect(punchSignals(base)).toEqual([]);
  });
  it('flags an accuracy of exactly 0, and an accuracy wider than the branch radius', () => {
    expect(punchSignals({ ...base, accuracy: 0 })).toEqual(['GPS_ACCURACY_ZERO']);
    expect(punchSignals({ ...base, accuracy: 250 })).toEqual(['GPS_LOW_ACCURACY']);
    expect(punchSignals({ ...base, accuracy: 100 })).toEqual([]);
    expect(punchSignals({ ...base, accuracy: null })).toEqual([]);
  });
  it('flags Moscow to Petersburg in two hours, not in five', () => {
    const previous = { atMs: base.atMs - 2 * HOUR, position: PETERSBURG };
    expect(punchSignals({ ...base, previous })).toEqual(['IMPOSSIBLE_SPEED']);
    const slow = { atMs: base.atMs - 5 * HOUR, position: PETERSBURG };
    expect(punchSignals({ ...base, previous: slow })).toEqual([]);
  });
  it('does not take GPS jitter of a few hundred metres for a speed', () => {
    const near = { latitude: MOSCOW.latitude + 0.005, longitude: MOSCOW.longitude };
    const previous = { atMs: base.atMs - 1000, position: near };
    expect(punchSignals({ ...base, previous })).toEqual([]);
  });
  it('flags a device never seen for the employee, but not their first punch ever', () => {
    expect(punchSignals({ ...base, device: { firstPunch: false, seenBefore: false } })).toEqual([
      'NEW_DEVICE',
    ]);
    expect(punchSignals({ ...base, device: { firstPunch: true, seenBefore: false } })).toEqual([]);
    expect(punchSignals({ ...base, device: null })).toEqual([]);
  });
  it('marks a kiosk QR punch as verified presence, with its warnings after it', () => {
    const kiosk: PunchFacts = {
      ...base,
      source: 'KIOSK_QR',
      accuracy: null,
      branchRadius: null,
      otherBranch: true,
      device: { firstPunch: false, seenBefore: false },
    };
    expect(punchSignals(kiosk)).toEqual(['QR_VERIFIED', 'NEW_DEVICE', 'OTHER_BRANCH']);
  });
  it('flags a PIN punch after three wrong PINs, not after two; only PIN punches', () => {
    const pin: PunchFacts = { ...base, source: 'KIOSK_PIN', accuracy: null };
    expect(punchSignals({ ...pin, failedPins: 3 })).toEqual(['FAILED_PINS']);
    expect(punchSignals({ ...pin, failedPins: 2 })).toEqual([]);
    expect(punchSignals({ ...base, source: 'KIOSK_QR', failedPins: 5 })).toEqual(['QR_VERIFIED']);
  });
  it('ignores the accuracy of a kiosk punch and the branch of a phone punch', () => {
    expect(punchSignals({ ...base, source: 'KIOSK_PIN', accuracy: 0 })).toEqual([]);
    expect(punchSignals({ ...base, otherBranch: true })).toEqual([]);
  });
});

describe('lastPunchOf', () => {
  const check = {
    source: 'WEB',
    checkInMs: 1000,
    checkOutMs: 5000,
    autoClosed: false,
    in: MOSCOW,
    out: PETERSBURG,
    branch: MOSCOW,
  };
  it('takes the check-out when it was a real one with a position', () => {
    expect(lastPunchOf(check)).toEqual({ atMs: 5000, position: PETERSBURG });
  });
  it('falls back to the check-in after an auto-close or without an out position', () => {
    expect(lastPunchOf({ ...check, autoClosed: true })).toEqual({ atMs: 1000, position: MOSCOW });
    expect(lastPunchOf({ ...check, out: null })).toEqual({ atMs: 1000, position: MOSCOW });
  });
  it('places a kiosk check-in at its branch, and knows nothing of a manual check', () => {
    const kiosk = { ...check, source: 'KIOSK_QR', in: null, out: null, branch: PETERSBURG };
    expect(lastPunchOf(kiosk)).toEqual({ atMs: 1000, position: PETERSBURG });
    expect(lastPunchOf({ ...check, source: 'MANUAL', in: null, out: null })).toBeNull();
    expect(lastPunchOf(undefined)).toBeNull();
  });
});

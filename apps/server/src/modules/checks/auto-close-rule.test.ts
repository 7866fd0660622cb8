import { describe, expect, it } from 'vitest';
import {
  AUTO_CLOSE_MARGIN_MS,
  autoClosePlan,
  shiftOfCheck,
  staleCheckOut,
} from './auto-close-rule.ts';

const H = 3_600_000;
const day = { startMs: 9 * H, endMs: 18 * H };
const night = { startMs: -4 * H, endMs: 8 * H }; // 20:00 the day before – 08:00

describe('shiftOfCheck', () => {
  it('takes the shift the check-in falls in, or one starting within three hours', () => {
    expect(shiftOfCheck(10 * H, [night, day])).toBe(day);
    expect(shiftOfCheck(6.5 * H, [night, day])).toBe(night);
    expect(shiftOfCheck(8.5 * H, [night, day])).toBe(day);
    expect(shiftOfCheck(5 * H, [day])).toBeUndefined();
    expect(shiftOfCheck(18 * H, [day])).toBeUndefined();
  });
});

describe('autoClosePlan', () => {
  it('closes at the shift end once the margin passed', () => {
    expect(autoClosePlan(9 * H, day)).toEqual({
      checkOutMs: 18 * H,
      dueMs: 18 * H + AUTO_CLOSE_MARGIN_MS,
    });
  });

  it('closes 16 hours after the check-in without a shift', () => {
    expect(autoClosePlan(9 * H, undefined)).toEqual({ checkOutMs: 25 * H, dueMs: 25 * H });
  });
});

describe('staleCheckOut', () => {
  it('closes an open check whose shift is over, at the shift end', () => {
    expect(staleCheckOut(9 * H, day, 18.5 * H, false)).toBe(18 * H);
    expect(staleCheckOut(9 * H, day, 12 * H, false)).toBeNull();
  });

  it('keeps a night shift open the next morning until its end', () => {
    expect(staleCheckOut(-4 * H, night, 7 * H, true)).toBeNull();
    expect(staleCheckOut(-4 * H, night, 9 * H, true)).toBe(8 * H);
  });

  it('without a shift closes an earlier day’s check at once, capped at 16 hours', () => {
    expect(staleCheckOut(20 * H, undefined, 31 * H, true)).toBe(31 * H);
    expect(staleCheckOut(9 * H, undefined, 40 * H, true)).toBe(25 * H);
    expect(staleCheckOut(9 * H, undefined, 12 * H, false)).toBeNull();
  });
});

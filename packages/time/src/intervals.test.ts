import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clipIntervals,
  intersection,
  minutesBetween,
  nightMinutes,
  overlaps,
  totalMinutes,
  unionIntervals,
} from './intervals.ts';
import { wallTimeToMs } from './zone.ts';

const at = (iso: string) => Date.parse(iso);
const iv = (start: number, end: number) => ({ startMs: start, endMs: end });

describe('intervals', () => {
  it('overlap only when they share time, not when they touch', () => {
    expect(overlaps(iv(0, 10), iv(5, 15))).toBe(true);
    expect(overlaps(iv(0, 10), iv(10, 20))).toBe(false);
    expect(overlaps(iv(0, 10), iv(3, 3))).toBe(false);
    expect(intersection(iv(0, 10), iv(5, 15))).toEqual(iv(5, 10));
    expect(intersection(iv(0, 10), iv(10, 15))).toBeNull();
  });

  it('unite overlapping and touching intervals, dropping empty ones', () => {
    expect(unionIntervals([iv(20, 30), iv(0, 10), iv(5, 12), iv(12, 15), iv(40, 40)])).toEqual([
      iv(0, 15),
      iv(20, 30),
    ]);
    expect(totalMinutes([iv(0, 60_000), iv(30_000, 120_000)])).toBe(2);
    expect(clipIntervals([iv(0, 10), iv(20, 30)], iv(5, 25))).toEqual([iv(5, 10), iv(20, 25)]);
  });

  it('measure minutes exactly', () => {
    expect(minutesBetween(at('2026-01-12T06:00:00Z'), at('2026-01-12T15:00:00Z'))).toBe(540);
    expect(minutesBetween(0, 90_000)).toBe(1.5);
  });
});

describe('nightMinutes', () => {
  it('counts 22:00–06:00 local time (art. 96)', () => {
    const msk = 'Europe/Moscow';
    const from = wallTimeToMs('2026-01-12', '20:00', msk);
    const to = wallTimeToMs('2026-01-13', '08:00', msk);
    expect(nightMinutes(from, to, msk)).toBe(480);
    // A day shift has none; a shift ending at 23:00 has one hour.
    expect(
      nightMinutes(
        wallTimeToMs('2026-01-12', '09:00', msk),
        wallTimeToMs('2026-01-12', '18:00', msk),
        msk,
      ),
    ).toBe(0);
    expect(
      nightMinutes(
        wallTimeToMs('2026-01-12', '15:00', msk),
        wallTimeToMs('2026-01-12', '23:00', msk),
        msk,
      ),
    ).toBe(60);
    // Early morning of the first day belongs to the night that began the evening before.
    expect(
      nightMinutes(
        wallTimeToMs('2026-01-12', '05:00', msk),
        wallTimeToMs('2026-01-12', '07:00', msk),
        msk,
      ),
    ).toBe(60);
  });

  it('counts real time across DST changes', () => {
    const ny = 'America/New_York';
    const night = (date: string, next: string) =>
      nightMinutes(wallTimeToMs(date, '22:00', ny), wallTimeToMs(next, '06:00', ny), ny);
    expect(night('2026-03-07', '2026-03-08')).toBe(420);
    expect(night('2026-10-31', '2026-11-01')).toBe(540);
  });

  it('adds up the nights of a long interval and ignores an empty one', () => {
    const msk = 'Europe/Moscow';
    const from = wallTimeToMs('2026-01-12', '00:00', msk);
    const to = wallTimeToMs('2026-01-19', '00:00', msk);
    expect(nightMinutes(from, to, msk)).toBe(7 * 480);
    expect(nightMinutes(to, from, msk)).toBe(0);
  });

  it('takes another window when given', () => {
    const msk = 'Europe/Moscow';
    const from = wallTimeToMs('2026-01-12', '20:00', msk);
    const to = wallTimeToMs('2026-01-13', '08:00', msk);
    expect(nightMinutes(from, to, msk, { start: '23:00', end: '05:00' })).toBe(360);
  });
});

describe('interval properties', () => {
  const interval = fc
    .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 50 }))
    .map(([start, length]) => iv(start * 60_000, (start + length) * 60_000));

  it('a union is sorted, disjoint and covers exactly the minutes the intervals cover', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 12 }), (intervals) => {
        const union = unionIntervals(intervals);
        union.forEach((part, i) => {
          const next = union[i + 1];
          if (next) expect(part.endMs).toBeLessThan(next.startMs);
        });
        const minutes = Array.from({ length: 260 }, (_, m) => iv(m * 60_000, (m + 1) * 60_000));
        const inAny = minutes.map((probe) => intervals.some((i) => overlaps(i, probe)));
        const inUnion = minutes.map((probe) => union.some((u) => overlaps(u, probe)));
        expect(inUnion).toEqual(inAny);
        const covered = inAny.filter(Boolean).length;
        expect(totalMinutes(intervals)).toBe(covered);
      }),
      { numRuns: 200 },
    );
  });
});

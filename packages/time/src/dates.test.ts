import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  eachDate,
  isLocalDate,
  isWallTime,
  wallSpanMinutes,
  weekdayIndex,
} from './dates.ts';

describe('dates', () => {
  it('validates dates and times', () => {
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2025-02-29')).toBe(false);
    expect(isLocalDate('2025-1-01')).toBe(false);
    expect(isWallTime('23:59')).toBe(true);
    expect(isWallTime('24:00')).toBe(false);
    expect(isWallTime('9:00')).toBe(false);
  });

  it('does calendar arithmetic across months, years and before 1970', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('1969-12-31', 1)).toBe('1970-01-01');
    expect(daysBetween('2026-01-10', '2026-01-01')).toBe(-9);
    expect(eachDate('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(eachDate('2026-01-02', '2026-01-01')).toEqual([]);
  });

  it('numbers weekdays from Monday', () => {
    expect(weekdayIndex('2026-01-05')).toBe(0); // Monday
    expect(weekdayIndex('2026-01-11')).toBe(6); // Sunday
    expect(weekdayIndex('1969-12-29')).toBe(0);
  });

  it('measures wall spans, an end at or before the start being next day', () => {
    expect(wallSpanMinutes('09:00', '18:00')).toBe(540);
    expect(wallSpanMinutes('20:00', '08:00')).toBe(720);
    expect(wallSpanMinutes('09:00', '09:00')).toBe(1440);
  });
});

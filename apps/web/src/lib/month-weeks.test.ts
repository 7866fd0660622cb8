import { describe, expect, it } from 'vitest';
import { monthWeeks, weekIndexOf, weekTitle, weekdayIndex } from './month-weeks.ts';
import { shiftMonth } from '@smena/contract';

function datesOf(month: string, length: number): string[] {
  return Array.from({ length }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

describe('monthWeeks', () => {
  it('cuts November 2026 (starts on a Sunday) into Monday-first weeks', () => {
    const weeks = monthWeeks(datesOf('2026-11', 30));
    expect(weeks.map((week) => week.dates.length)).toEqual([1, 7, 7, 7, 7, 1]);
    expect(weeks[0]).toEqual({ dates: ['2026-11-01'], firstWeekday: 6 });
    expect(weeks[1]?.dates[0]).toBe('2026-11-02');
    expect(weeks[1]?.firstWeekday).toBe(0);
    expect(weeks.map(weekTitle)).toEqual([
      '1 ноября',
      '2–8 ноября',
      '9–15 ноября',
      '16–22 ноября',
      '23–29 ноября',
      '30 ноября',
    ]);
  });

  it('keeps a February of exactly four weeks whole', () => {
    const weeks = monthWeeks(datesOf('2027-02', 28));
    expect(weeks.map((week) => week.dates.length)).toEqual([7, 7, 7, 7]);
    expect(weekdayIndex('2027-02-01')).toBe(0);
  });

  it('finds the week of a date, and the first week for a date outside the month', () => {
    const weeks = monthWeeks(datesOf('2026-11', 30));
    expect(weekIndexOf(weeks, '2026-11-26')).toBe(4);
    expect(weekIndexOf(weeks, '2026-12-01')).toBe(0);
  });
});

describe('shiftMonth', () => {
  it('steps months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 14)).toBe('2028-01');
  });
});

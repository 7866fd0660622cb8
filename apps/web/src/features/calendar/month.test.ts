import { describe, expect, it } from 'vitest';
import { longDate, monthRange, monthTitle, WEEKDAY_SHORT } from './month.ts';

describe('monthRange', () => {
  it('gives the first and last day of a month', () => {
    expect(monthRange('2026-11')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2026-02')).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02').to).toBe('2028-02-29');
    expect(monthRange('2026-12').days).toHaveLength(31);
  });

  it('numbers weekdays from Monday', () => {
    expect(WEEKDAY_SHORT).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
    const { days } = monthRange('2026-11');
    // 1 November 2026 is a Sunday, 2 November a Monday.
    expect(days[0]).toMatchObject({ date: '2026-11-01', weekday: 6, weekdayLabel: 'Вс' });
    expect(days[1]).toMatchObject({ date: '2026-11-02', weekday: 0, weekdayLabel: 'Пн' });
    expect(days.filter((day) => day.isWeekend).map((day) => day.day)).toEqual([
      1, 7, 8, 14, 15, 21, 22, 28, 29,
    ]);
  });

  it('names months and dates', () => {
    expect(monthTitle('2026-11')).toBe('Ноябрь 2026');
    expect(longDate('2026-11-06')).toBe('пт, 6 ноября 2026');
  });
});

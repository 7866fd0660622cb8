import { useMemo } from 'react';
import { monthRange, type MonthKey, type MonthRange } from './month.ts';

/** The days of a month, the same array while the month stays (the grid's rows are memoized on it). */
export function useMonthRange(month: MonthKey): MonthRange {
  return useMemo(() => monthRange(month), [month]);
}

import { describe, expect, it } from 'vitest';
import { absenceDayCount } from './absences.ts';
import { RU_PRODUCTION_CALENDAR as RU, dayKind } from './production-calendar.ts';

const isHoliday = (date: string) => dayKind(RU, date) === 'HOLIDAY';

describe('absenceDayCount', () => {
  it('leaves the holidays inside a vacation out (art. 120)', () => {
    // 04–11.05.2026: 9 May is a holiday; 10 May a Sunday and 11 May its transfer count.
    expect(absenceDayCount('VACATION', '2026-05-04', '2026-05-11', isHoliday)).toEqual({
      days: 7,
      holidays: 1,
    });
    // The New Year holidays: 1–8 January 2026 are eight holidays.
    expect(absenceDayCount('VACATION', '2025-12-29', '2026-01-11', isHoliday)).toEqual({
      days: 6,
      holidays: 8,
    });
  });

  it('counts every day of a sick leave and of the other absences', () => {
    expect(absenceDayCount('SICKLEAVE', '2026-05-04', '2026-05-11', isHoliday)).toEqual({
      days: 8,
      holidays: 0,
    });
    expect(absenceDayCount('DISMISSED', '2026-05-09', '2026-05-09', isHoliday).days).toBe(1);
  });

  it('is empty for a reversed range', () => {
    expect(absenceDayCount('VACATION', '2026-05-11', '2026-05-04', isHoliday)).toEqual({
      days: 0,
      holidays: 0,
    });
  });
});

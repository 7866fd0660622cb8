import { describe, expect, it } from 'vitest';
import { eachDate } from './dates.ts';
import { monthNorm, RU_PRODUCTION_CALENDAR as RU, yearNorm } from './production-calendar.ts';
import { personalMonthNormMinutes } from './plan-rules.ts';
import {
  accountingPeriodOf,
  closesAccountingPeriod,
  periodNormMinutes,
  summarizedOvertimeMinutes,
} from './summarized.ts';

const H = 60;

/** Day-offs as the planner gives them: every date DAY_OFF except holidays inside (art. 120). */
function vacation(from: string, to: string) {
  return eachDate(from, to).map((date) => ({
    date,
    kind: date === '2026-02-23' ? ('HOLIDAY' as const) : ('DAY_OFF' as const),
  }));
}

describe('accountingPeriodOf', () => {
  it('finds the month, quarter, half-year and year of a date', () => {
    expect(accountingPeriodOf('2026-05-14', 'MONTH')).toEqual({
      period: 'MONTH',
      from: '2026-05-01',
      to: '2026-05-31',
    });
    expect(accountingPeriodOf('2026-05-14', 'QUARTER')).toEqual({
      period: 'QUARTER',
      from: '2026-04-01',
      to: '2026-06-30',
    });
    expect(accountingPeriodOf('2026-07-01', 'HALF_YEAR')).toEqual({
      period: 'HALF_YEAR',
      from: '2026-07-01',
      to: '2026-12-31',
    });
    expect(accountingPeriodOf('2026-12-31', 'YEAR')).toEqual({
      period: 'YEAR',
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(accountingPeriodOf('2028-02-10', 'QUARTER').to).toBe('2028-03-31');
  });

  it('knows the last month of a period', () => {
    expect(closesAccountingPeriod('2026-03', 'QUARTER')).toBe(true);
    expect(closesAccountingPeriod('2026-02', 'QUARTER')).toBe(false);
    expect(closesAccountingPeriod('2026-06', 'HALF_YEAR')).toBe(true);
    expect(closesAccountingPeriod('2026-11', 'YEAR')).toBe(false);
    expect(closesAccountingPeriod('2026-04', 'MONTH')).toBe(true);
  });
});

describe('periodNormMinutes (2026 production calendar, 40-hour week)', () => {
  it('a quarter: January 120 + February 152 + March 168 = 440 h', () => {
    const q1 = accountingPeriodOf('2026-02-01', 'QUARTER');
    expect(periodNormMinutes({ calendar: RU, ...q1 })).toBe(440 * H);
    const months = [1, 2, 3].map((m) => monthNorm(RU, 2026, m).hours);
    expect(months).toEqual([120, 152, 168]);
  });

  it('a quarter with a vacation inside: 16.02–01.03 takes 9 working days (72 h) off — 368 h', () => {
    const q1 = accountingPeriodOf('2026-01-15', 'QUARTER');
    const plans = vacation('2026-02-16', '2026-03-01');
    expect(periodNormMinutes({ calendar: RU, ...q1, plans })).toBe(368 * H);
    // The same as the months' personal norms, month by month.
    const byMonth = ['2026-01', '2026-02', '2026-03'].map((month) =>
      personalMonthNormMinutes(RU, month, plans),
    );
    expect(byMonth).toEqual([120 * H, 80 * H, 168 * H]);
  });

  it('a month with a shortened day: May 2026 is 151 h (8 May is an hour shorter)', () => {
    expect(periodNormMinutes({ calendar: RU, ...accountingPeriodOf('2026-05-01', 'MONTH') })).toBe(
      151 * H,
    );
  });

  it('a year: 1972 h in 2026, and to date (1 January – 30 April) 615 h', () => {
    const year = accountingPeriodOf('2026-08-08', 'YEAR');
    expect(periodNormMinutes({ calendar: RU, ...year })).toBe(1972 * H);
    expect(yearNorm(RU, 2026).hours).toBe(1972);
    expect(periodNormMinutes({ calendar: RU, from: year.from, to: '2026-04-30' })).toBe(615 * H);
  });

  it('counts only the dates of employment: hired on 16 March, the quarter holds 96 h (12 working days)', () => {
    const q1 = accountingPeriodOf('2026-03-16', 'QUARTER');
    const employment = { hireDate: '2026-03-16', dismissalDate: null };
    expect(periodNormMinutes({ calendar: RU, ...q1, employment })).toBe(96 * H);
  });
});

describe('summarizedOvertimeMinutes', () => {
  it('is the time above the norm, none below it', () => {
    // Q1 with the vacation: 368 h of norm; 380 h worked — 12 h of overtime at the end of March.
    expect(summarizedOvertimeMinutes(380 * H, 368 * H)).toBe(12 * H);
    // 360 h worked: 8 h short of the norm, no overtime (and no carrying the shortfall over).
    expect(summarizedOvertimeMinutes(360 * H, 368 * H)).toBe(0);
    expect(summarizedOvertimeMinutes(368 * H, 368 * H)).toBe(0);
  });
});

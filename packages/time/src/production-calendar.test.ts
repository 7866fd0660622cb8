import { describe, expect, it } from 'vitest';
import {
  ProductionCalendarSchema,
  RU_PRODUCTION_CALENDAR as RU,
  dayKind,
  isProvisional,
  monthNorm,
  withOverrides,
  yearNorm,
} from './production-calendar.ts';

// docs/LABOUR-RULES.md: the norms for a 40-hour week, January to December.
const NORMS_2025 = [
  [17, 136],
  [20, 160],
  [21, 167],
  [22, 175],
  [18, 144],
  [19, 151],
  [23, 184],
  [21, 168],
  [22, 176],
  [23, 184],
  [19, 151],
  [22, 176],
];
const NORMS_2026 = [
  [15, 120],
  [19, 152],
  [21, 168],
  [22, 175],
  [19, 151],
  [21, 167],
  [23, 184],
  [21, 168],
  [22, 176],
  [22, 176],
  [20, 159],
  [22, 176],
];
const NORMS_2027 = [
  [15, 120],
  [19, 151],
  [22, 176],
  [22, 175],
  [19, 152],
  [21, 167],
  [22, 176],
  [22, 176],
  [22, 176],
  [21, 168],
  [20, 159],
  [22, 176],
];

describe('RU production calendar', () => {
  it.each([
    [2025, NORMS_2025],
    [2026, NORMS_2026],
    [2027, NORMS_2027],
  ])('reproduces the monthly norms of %i', (year, norms) => {
    const computed = norms.map((_, i) => monthNorm(RU, year, i + 1));
    expect(computed.map(({ days, hours }) => [days, hours])).toEqual(norms);
    expect(yearNorm(RU, year)).toEqual({ days: 247, hours: 1972 });
  });

  it('scales the norm with the weekly hours and still takes an hour per shortened day', () => {
    // April 2026: 22 days, one shortened.
    expect(monthNorm(RU, 2026, 4, 36)).toEqual({ days: 22, hours: 157.4 });
    expect(monthNorm(RU, 2026, 4, 20)).toEqual({ days: 22, hours: 87 });
  });

  it('tells the kind of a date', () => {
    expect(dayKind(RU, '2026-01-05')).toBe('HOLIDAY');
    expect(dayKind(RU, '2026-01-03')).toBe('HOLIDAY'); // a Saturday holiday stays a holiday
    expect(dayKind(RU, '2026-01-09')).toBe('WEEKEND'); // transferred from 3 January
    expect(dayKind(RU, '2026-01-12')).toBe('WORKDAY');
    expect(dayKind(RU, '2026-04-30')).toBe('SHORTENED');
    expect(dayKind(RU, '2026-05-09')).toBe('HOLIDAY');
    expect(dayKind(RU, '2026-05-11')).toBe('WEEKEND');
    expect(dayKind(RU, '2025-11-01')).toBe('SHORTENED'); // a working, shortened Saturday
    expect(dayKind(RU, '2025-11-03')).toBe('WEEKEND');
    expect(dayKind(RU, '2026-01-17')).toBe('WEEKEND');
  });

  it('falls back to a Monday–Friday week outside its years or without a calendar', () => {
    expect(dayKind(RU, '2030-01-01')).toBe('WORKDAY');
    expect(dayKind(undefined, '2026-01-05')).toBe('WORKDAY');
    expect(monthNorm(undefined, 2026, 1)).toEqual({ days: 22, hours: 176 });
  });

  it('has 2027 by the decree of 17.09.2026 № 1187, and no 2028 yet', () => {
    const year2027 = RU.years.find((year) => year.year === 2027);
    expect(year2027?.source).toBe(
      'Постановление Правительства РФ от 17.09.2026 № 1187 «О переносе выходных дней в 2027 году»',
    );
    expect(isProvisional(RU, 2026)).toBe(false);
    expect(isProvisional(RU, 2027)).toBe(false);
    expect(isProvisional(RU, 2028)).toBe(true);
    expect(RU.years.map((year) => year.year)).toEqual([2025, 2026, 2027]);
    // The decree's transfers: 2 Jan → 5 Nov, 3 Jan → 31 Dec, Saturday 20 Feb → Monday 22 Feb.
    expect(dayKind(RU, '2027-01-02')).toBe('HOLIDAY');
    expect(dayKind(RU, '2027-11-05')).toBe('WEEKEND');
    expect(dayKind(RU, '2027-12-31')).toBe('WEEKEND');
    expect(dayKind(RU, '2027-02-20')).toBe('SHORTENED');
    expect(dayKind(RU, '2027-02-22')).toBe('WEEKEND');
    expect(yearNorm(RU, 2027)).toEqual({ days: 247, hours: 1972 });
  });

  it('lets a company override days', () => {
    const company = withOverrides(
      RU,
      { '2026-01-12': 'HOLIDAY', '2026-01-09': 'WORKDAY' },
      'company:1',
    );
    expect(company.id).toBe('company:1');
    expect(dayKind(company, '2026-01-12')).toBe('HOLIDAY');
    expect(dayKind(company, '2026-01-09')).toBe('WORKDAY');
    expect(dayKind(RU, '2026-01-12')).toBe('WORKDAY');
    expect(monthNorm(company, 2026, 1).days).toBe(15);
  });

  it('is valid data for its own schema', () => {
    expect(ProductionCalendarSchema.parse(RU)).toEqual(RU);
  });
});

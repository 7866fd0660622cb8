import { describe, expect, it } from 'vitest';
import {
  isValidPeriod,
  parseAttendanceParams,
  parseReportCardParams,
  toAttendanceSearchParams,
  toReportCardSearchParams,
} from './report-params.ts';

const today = '2026-05-14';

describe('attendance report parameters', () => {
  it('default to the current month up to today and write nothing for the default', () => {
    const params = parseAttendanceParams(new URLSearchParams(), today);
    expect(params).toEqual({
      from: '2026-05-01',
      to: '2026-05-14',
      branchId: undefined,
      departmentId: undefined,
      employeeId: undefined,
    });
    expect(toAttendanceSearchParams(params, today).toString()).toBe('');
  });

  it('round-trip a period and filters through the address', () => {
    const search = new URLSearchParams(
      'from=2026-04-01&to=2026-04-30&branchId=2&departmentId=3&employeeId=7',
    );
    const params = parseAttendanceParams(search, today);
    expect(params).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      branchId: 2,
      departmentId: 3,
      employeeId: 7,
    });
    expect(toAttendanceSearchParams(params, today).toString()).toBe(search.toString());
  });

  it('drop a reversed, too long or broken period and bad ids, keeping the rest', () => {
    expect(
      parseAttendanceParams(new URLSearchParams('from=2026-04-30&to=2026-04-01'), today).from,
    ).toBe('2026-05-01');
    expect(
      parseAttendanceParams(new URLSearchParams('from=2026-01-01&to=2026-04-30'), today).from,
    ).toBe('2026-05-01');
    const params = parseAttendanceParams(
      new URLSearchParams('from=2026-02-30&to=2026-03-01&branchId=abc&employeeId=4'),
      today,
    );
    expect(params).toMatchObject({ from: '2026-05-01', branchId: undefined, employeeId: 4 });
  });

  it('take periods of up to 92 days', () => {
    expect(isValidPeriod('2026-01-01', '2026-04-02')).toBe(true);
    expect(isValidPeriod('2026-01-01', '2026-04-03')).toBe(false);
  });
});

describe('timesheet parameters', () => {
  it('default to the current month', () => {
    expect(parseReportCardParams(new URLSearchParams(), today).month).toBe('2026-05');
    expect(parseReportCardParams(new URLSearchParams('month=2026-13'), today).month).toBe(
      '2026-05',
    );
  });

  it('write only a month other than the current one, and the filters', () => {
    expect(toReportCardSearchParams({ month: '2026-05' }, today).toString()).toBe('');
    expect(toReportCardSearchParams({ month: '2026-04', departmentId: 3 }, today).toString()).toBe(
      'month=2026-04&departmentId=3',
    );
  });
});

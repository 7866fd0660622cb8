import { describe, expect, it } from 'vitest';
import { parseCalendarParams, toCalendarSearchParams } from './calendar-params.ts';

describe('calendar address parameters', () => {
  it('reads valid values and drops wrong ones one by one', () => {
    expect(
      parseCalendarParams(
        new URLSearchParams('month=2026-13&branchId=4&departmentId=x&search= Ив '),
      ),
    ).toEqual({ month: undefined, branchId: 4, departmentId: undefined, search: 'Ив' });
    expect(parseCalendarParams(new URLSearchParams('month=2026-11')).month).toBe('2026-11');
  });

  it('does not write the current month', () => {
    expect(toCalendarSearchParams({ month: '2026-11' }, '2026-11').toString()).toBe('');
    expect(
      toCalendarSearchParams({ month: '2026-12', departmentId: 3 }, '2026-11').toString(),
    ).toBe('month=2026-12&departmentId=3');
  });
});
